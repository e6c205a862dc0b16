<?xml version="1.0" encoding="UTF-8"?>
<!-- Functions used by the rules of this part of pintae's PINT-AE rule set (namespace pf: urn:pintae:functions). -->
<xsl:stylesheet version="3.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:pf="urn:pintae:functions"
  xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"
  xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">

  <!-- The decimal value of $v when it is exactly one value written as a decimal number (surrounding spaces allowed), else the empty
       sequence: a missing, repeated or non-numeric amount or rate then fails any comparison made with it. -->
  <xsl:function name="pf:u2-dec" as="xs:decimal?">
    <xsl:param name="v" as="item()*"/>
    <xsl:sequence select="if (count($v) eq 1 and $v castable as xs:decimal) then xs:decimal($v) else ()"/>
  </xsl:function>

  <!-- The invoice (or credit note) lines whose item VAT category code (ibt-151) is $cat. -->
  <xsl:function name="pf:u2-lines" as="element()*">
    <xsl:param name="root" as="element()"/>
    <xsl:param name="cat" as="xs:string"/>
    <xsl:sequence select="$root/(cac:InvoiceLine | cac:CreditNoteLine)[cac:Item/cac:ClassifiedTaxCategory/normalize-space(cbc:ID) = $cat]"/>
  </xsl:function>

  <!-- The document level allowances ($charge false) or charges ($charge true) whose VAT category code (ibt-95, ibt-102) is $cat. -->
  <xsl:function name="pf:u2-allowance-charges" as="element()*">
    <xsl:param name="root" as="element()"/>
    <xsl:param name="charge" as="xs:boolean"/>
    <xsl:param name="cat" as="xs:string"/>
    <xsl:sequence select="$root/cac:AllowanceCharge[cbc:ChargeIndicator = $charge][cac:TaxCategory/normalize-space(cbc:ID) = $cat]"/>
  </xsl:function>

  <!-- Σ line net amounts + Σ document charges − Σ document allowances of the lines / allowances / charges given. -->
  <xsl:function name="pf:u2-base" as="xs:decimal">
    <xsl:param name="lines" as="element()*"/>
    <xsl:param name="allowances" as="element()*"/>
    <xsl:param name="charges" as="element()*"/>
    <xsl:sequence select="sum($lines/xs:decimal(cbc:LineExtensionAmount)) + sum($charges/xs:decimal(cbc:Amount)) - sum($allowances/xs:decimal(cbc:Amount))"/>
  </xsl:function>
</xsl:stylesheet>
