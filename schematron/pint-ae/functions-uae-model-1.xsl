<?xml version="1.0" encoding="UTF-8"?>
<!-- Functions used by the rules of this part of pintae's PINT-AE rule set (namespace pf: urn:pintae:functions). -->
<xsl:stylesheet version="3.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:pf="urn:pintae:functions">

  <!-- Invoice transaction type code (BTAE-02, cbc:ProfileExecutionID): eight flags of 0 and 1, '1' where the transaction
       applies, in the order of the PINT-AE Invoice transaction type code list: 1 free trade zone, 2 deemed supply,
       3 margin scheme, 4 summary invoice, 5 continuous supply, 6 disclosed agent billing, 7 e-commerce, 8 exports.
       True when the document's code is well formed (exactly eight 0/1 characters) and flag $position is set. -->
  <xsl:function name="pf:u1-transaction-flag" as="xs:boolean" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
    <xsl:param name="node" as="node()"/>
    <xsl:param name="position" as="xs:integer"/>
    <xsl:variable name="code" select="string(root($node)/*/cbc:ProfileExecutionID[1])"/>
    <xsl:sequence select="matches($code, '^[01]{8}$') and substring($code, $position, 1) = '1'"/>
  </xsl:function>

  <!-- ISO 3166-1 alpha-2 country codes (officially assigned codes, upper case). Exactly one of them, as written (no
       white space trimmed): two characters found in the single-spaced, padded list; one string literal rather than a
       sequence of 249, which Saxon-JS would set up anew for every document. -->
  <xsl:function name="pf:u1-iso3166-alpha2" as="xs:boolean">
    <xsl:param name="code" as="xs:string?"/>
    <xsl:sequence select="string-length($code) = 2 and contains(' AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW ', concat(' ', $code, ' '))"/>
  </xsl:function>

</xsl:stylesheet>
