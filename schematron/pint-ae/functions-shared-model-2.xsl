<?xml version="1.0" encoding="UTF-8"?>
<!-- Functions used by the rules of this part of pintae's PINT-AE rule set (namespace pf: urn:pintae:functions). -->
<xsl:stylesheet version="3.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:pf="urn:pintae:functions">

  <!-- ibr-084: the Invoice total tax amount (ibt-110) and its amount in accounting currency (ibt-111) have the same
       operational sign; zero goes with either sign. Both amounts must be there (ibr-053 covers ibt-111 separately). When
       several amounts are given in one currency, it is enough that one pair agrees. Compared as xs:double (a sign test
       needs no decimal precision, and amounts written as 5E0 are accepted); text that is no number raises an error. -->
  <xsl:function name="pf:m2-same-sign" as="xs:boolean">
    <xsl:param name="a" as="element()*"/>
    <xsl:param name="b" as="element()*"/>
    <xsl:variable name="va" select="for $x in $a return xs:double($x)"/>
    <xsl:variable name="vb" select="for $x in $b return xs:double($x)"/>
    <xsl:sequence select="($va &gt;= 0 and $vb &gt;= 0) or ($va &lt;= 0 and $vb &lt;= 0)"/>
  </xsl:function>
</xsl:stylesheet>
