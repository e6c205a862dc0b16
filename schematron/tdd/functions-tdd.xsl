<?xml version="1.0" encoding="UTF-8"?>
<!-- Functions of pintae's AE TDD rule set (../pint-ae-tdd.sch; namespace pf: urn:pintae:functions): code lists, each a
     single-spaced, padded string, and the membership test. Written from the rule texts and the public standards.
     After changing a list, run `node scripts/gen-codelists.mjs` (src/codelists reads the lists from its output). -->
<xsl:stylesheet version="3.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:pf="urn:pintae:functions">

  <!-- True when $code, white space trimmed, is one code of $list; false for an absent or empty code, or for two codes. -->
  <xsl:function name="pf:tdd-in" as="xs:boolean">
    <xsl:param name="code" as="xs:string?"/>
    <xsl:param name="list" as="xs:string"/>
    <xsl:variable name="c" select="normalize-space($code)"/>
    <xsl:sequence select="$c != '' and not(contains($c, ' ')) and contains($list, concat(' ', $c, ' '))"/>
  </xsl:function>

  <!-- Tax Data Document type codes: S submit, R resubmit, W withdraw, F failed validation (a TDS). -->
  <xsl:function name="pf:tdd-type-codes" as="xs:string">
    <xsl:sequence select="' S R W F '"/>
  </xsl:function>

  <!-- Report scope: D domestic, IP international over Peppol, INP international not over Peppol. -->
  <xsl:function name="pf:tdd-scopes" as="xs:string">
    <xsl:sequence select="' D IP INP '"/>
  </xsl:function>

  <!-- Reporter role: 01 sender (the issuer's side), 02 receiver. -->
  <xsl:function name="pf:tdd-reporter-roles" as="xs:string">
    <xsl:sequence select="' 01 02 '"/>
  </xsl:function>

  <!-- ISO 4217 alpha-3 currency codes in the edition the TDD 1.0.4 release judges by, older than the one the PINT-AE
       rules use (functions-codes.xsl): ANG, BGN, CNH and STD still in; STN and XCG not yet. Checked code by code
       against the official rules (test/conformance/tdd-agreement.test.ts); see docs/decisions.md. -->
  <xsl:function name="pf:tdd-iso4217" as="xs:string">
    <xsl:sequence select="' AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BOV BRL BSD BTN BWP BYN BZD CAD CDF CHE CHF CHW CLF CLP CNH CNY COP COU CRC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GNF GTQ GYD HKD HNL HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MXV MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STD SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD USN UYI UYU UYW UZS VED VES VND VUV WST XAF XAG XAU XBA XBB XBC XBD XCD XDR XOF XPD XPF XPT XSU XTS XUA XXX YER ZAR ZMW ZWG '"/>
  </xsl:function>

</xsl:stylesheet>
