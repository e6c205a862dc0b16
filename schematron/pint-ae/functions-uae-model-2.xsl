<?xml version="1.0" encoding="UTF-8"?>
<!-- Functions used by the rules of this part of pintae's PINT-AE rule set (namespace pf: urn:pintae:functions). -->
<xsl:stylesheet version="3.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:pf="urn:pintae:functions">
</xsl:stylesheet>
