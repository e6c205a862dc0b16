<?xml version="1.0" encoding="UTF-8"?>
<!-- Functions used by the rules of this part of pintae's PINT-AE rule set (namespace pf: urn:pintae:functions). -->
<xsl:stylesheet version="3.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:pf="urn:pintae:functions">

  <!-- The digits of a string of ASCII digits, as integers, left to right. Callers check the string is all digits. -->
  <xsl:function name="pf:m1-digits" as="xs:integer*">
    <xsl:param name="s" as="xs:string"/>
    <xsl:sequence select="for $c in string-to-codepoints($s) return $c - 48"/>
  </xsl:function>

  <!-- An amount rounded to 2 decimals, halves upwards (XPath round()); the empty sequence stays empty. -->
  <xsl:function name="pf:m1-round2" as="xs:decimal?">
    <xsl:param name="amount" as="xs:decimal?"/>
    <xsl:sequence select="round($amount * 100) div 100"/>
  </xsl:function>

  <!--
    GS1 check digit (GLN, GTIN; GS1 General Specifications, "check digit calculation"): counting from the right,
    starting with the digit left of the check digit, digits are weighted 3, 1, 3, 1, ...; the check digit is the
    amount that brings the weighted sum up to the next multiple of 10.
  -->
  <xsl:function name="pf:m1-gs1-check-ok" as="xs:boolean">
    <xsl:param name="s" as="xs:string"/>
    <xsl:variable name="r" select="reverse(pf:m1-digits($s))"/>
    <xsl:variable name="sum" select="sum(for $i in 2 to count($r) return $r[$i] * (if ($i mod 2 = 0) then 3 else 1))"/>
    <xsl:sequence select="matches($s, '^[0-9]+$') and (10 - $sum mod 10) mod 10 = $r[1]"/>
  </xsl:function>

  <!--
    Luhn (ISO/IEC 7812-1 annex B, "mod 10 double-add-double"): counting from the right, every second digit (starting
    with the digit left of the check digit) is doubled, 9 subtracted when the product exceeds 9; the total of all digits
    must be a multiple of 10. Used for Italian VAT numbers (partita IVA).
  -->
  <xsl:function name="pf:m1-luhn-ok" as="xs:boolean">
    <xsl:param name="s" as="xs:string"/>
    <xsl:variable name="r" select="reverse(pf:m1-digits($s))"/>
    <xsl:variable name="sum" select="sum(for $i in 1 to count($r) return
        if ($i mod 2 = 0) then (if ($r[$i] * 2 gt 9) then $r[$i] * 2 - 9 else $r[$i] * 2) else $r[$i])"/>
    <xsl:sequence select="matches($s, '^[0-9]+$') and $sum mod 10 = 0"/>
  </xsl:function>

  <!--
    Norwegian organisation number (Brønnøysundregistrene): 9 digits, the last a modulus-11 check digit over the first
    eight with weights 3 2 7 6 5 4 3 2; check = 11 - (sum mod 11), 11 becomes 0, and 10 never occurs in a valid number.
    All zeros (which passes the arithmetic) is no organisation number and is refused, as by the official rules.
  -->
  <xsl:function name="pf:m1-no-orgnr-ok" as="xs:boolean">
    <xsl:param name="s" as="xs:string"/>
    <xsl:sequence select="
      if (not(matches($s, '^[0-9]{9}$'))) then false() else
      let $d := pf:m1-digits($s),
          $w := (3, 2, 7, 6, 5, 4, 3, 2),
          $sum := sum(for $i in 1 to 8 return $d[$i] * $w[$i]),
          $c := 11 - $sum mod 11
      return $c ne 10 and (if ($c = 11) then 0 else $c) = $d[9] and $s ne '000000000'"/>
  </xsl:function>

  <!--
    Belgian enterprise number (KBO/BCE): 10 digits; the last two are 97 minus (the first eight, as a number, modulo 97).
  -->
  <xsl:function name="pf:m1-be-enterprise-ok" as="xs:boolean">
    <xsl:param name="s" as="xs:string"/>
    <xsl:sequence select="matches($s, '^[0-9]{10}$')
      and 97 - xs:integer(substring($s, 1, 8)) mod 97 = xs:integer(substring($s, 9, 2))"/>
  </xsl:function>

  <!--
    Australian Business Number (Australian Business Register, "ABN format"): 11 digits; subtract 1 from the first digit,
    weight the digits 10 1 3 5 7 9 11 13 15 17 19; the weighted sum must be divisible by 89.
  -->
  <xsl:function name="pf:m1-abn-ok" as="xs:boolean">
    <xsl:param name="s" as="xs:string"/>
    <xsl:sequence select="
      if (not(matches($s, '^[0-9]{11}$'))) then false() else
      let $d := pf:m1-digits($s),
          $w := (10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19)
      return ($w[1] * ($d[1] - 1) + sum(for $i in 2 to 11 return $d[$i] * $w[$i])) mod 89 = 0"/>
  </xsl:function>

  <!--
    Italian tax code (codice fiscale). A natural person's code is 16 characters: surname and name letters (6), year (2
    digits), month letter, day (2 digits), municipality code (a letter and 3 digits) and a control letter. Only the
    parts the official check is observed to look at are checked: the letter positions (ASCII, either case), year and day
    as integers, and the last digit of the municipality code. An enterprise's code is its 11-digit number (the
    official check also lets a leading minus sign through, so that is kept: it is numeric, 11 characters).
  -->
  <xsl:function name="pf:m1-it-codice-fiscale-ok" as="xs:boolean">
    <xsl:param name="s" as="xs:string"/>
    <xsl:sequence select="
      if (string-length($s) = 16) then
        matches(substring($s, 1, 6), '^[A-Za-z]{6}$')
        and substring($s, 7, 2) castable as xs:integer
        and matches(substring($s, 9, 1), '^[A-Za-z]$')
        and substring($s, 10, 2) castable as xs:integer
        and matches(substring($s, 15, 1), '^[0-9]$')
        and matches(substring($s, 16, 1), '^[A-Za-z]$')
      else string-length($s) = 11 and matches($s, '^-?[0-9]+$')"/>
  </xsl:function>

  <!--
    Italian VAT number (partita IVA): 11 digits, the last a Luhn check digit. The official check only applies when the
    number carries the country prefix (IT or it); other values are not checked.
  -->
  <xsl:function name="pf:m1-it-partita-iva-ok" as="xs:boolean">
    <xsl:param name="s" as="xs:string"/>
    <xsl:sequence select="
      if (substring($s, 1, 2) = ('IT', 'it'))
      then matches(substring($s, 3), '^[0-9]{11}$') and pf:m1-luhn-ok(substring($s, 3))
      else true()"/>
  </xsl:function>

</xsl:stylesheet>
