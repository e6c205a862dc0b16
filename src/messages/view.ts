/**
 * The invoice view's and the HTML report's words (issue 26), by id, in English and Arabic: the labels and headings
 * of the page and what the codes of an invoice mean (TERMS, each listed in docs/glossary.md with its source), the
 * names of countries (NAMES, from the CLDR data of Node's ICU), and the report's own sentences (REPORT). The view
 * (src/view/) names an id and gives its parameters (`said`); the HTML formatter says it in the report's language.
 * Amounts, codes, dates and field names are parameters: they stay as the document has them, in Western digits.
 */
import type { Joined, Said, Words } from '../model/view.js';
import { plural, type Text, type Tongue } from './lang.js';
import { COUNTRY_NAMES } from '../codelists/countries.data.js';
import { EXEMPTION_REASONS, PAYMENT_MEANS, REVERSE_CHARGE_ITEM_TYPES } from '../codelists/tax.js';
import { lookup } from '../codelists/lookup.js';
import { RULE_SET_WORDS } from './rule-set.js';

type N = { n: number };
const t = (en: string, ar: string): Text<object> => ({ en: () => en, ar: () => ar });
const fromList = (list: Readonly<Record<string, string>>, code: string, ar: string): Text<object> => ({ en: () => list[code]!, ar: () => ar });

/** Labels, headings and the meanings of codes: the terms of docs/glossary.md. */
export const TERMS = {
  // The document and its parts.
  'doc.tax-invoice': t('Tax invoice', 'فاتورة ضريبية'),
  'doc.commercial-invoice': t('Commercial invoice', 'فاتورة تجارية'),
  'doc.credit-note': t('Credit note', 'إشعار دائن'),
  'doc.invoice': t('Invoice', 'فاتورة'),
  'doc.request': t('Invoice request', 'طلب الفاتورة'),
  'doc.input': t('Input', 'المُدخل'),
  'doc.document': t('Document', 'مستند'),
  'doc.tdd': t('Tax Data Document', 'مستند البيانات الضريبية'),
  'doc.tdd-coded': { en: (p: { code: string; type?: string }) => `Tax Data Document (${p.code}${p.type ? `, ${p.type}` : ''})`, ar: (p: { code: string; type?: string }) => `مستند البيانات الضريبية (${p.code}${p.type ? `، ${p.type}` : ''})` },
  'block.seller': t('Seller', 'المورد'),
  'block.buyer': t('Buyer', 'المشتري'),
  'block.details': t('Invoice details', 'بيانات الفاتورة'),
  'block.payment': t('Payment', 'الدفع'),
  'block.totals': t('Totals', 'الإجماليات'),
  'block.totals-in': { en: (p: { currency: string }) => `Totals (${p.currency})`, ar: (p: { currency: string }) => `الإجماليات (${p.currency})` },
  'block.totals-sent': t('Totals as sent', 'الإجماليات كما أُرسلت'),
  'block.totals-sent-in': { en: (p: { currency: string }) => `Totals as sent (${p.currency})`, ar: (p: { currency: string }) => `الإجماليات كما أُرسلت (${p.currency})` },
  'block.in-currency': { en: (p: { currency: string }) => `In ${p.currency}`, ar: (p: { currency: string }) => `بعملة ${p.currency}` },
  'block.delivery': t('Delivery', 'التسليم'),
  'block.delivery-export': t('Delivery and export', 'التسليم والتصدير'),
  'block.lines': t('Lines', 'البنود'),
  'block.vat': t('VAT breakdown', 'تفصيل ضريبة القيمة المضافة'),
  'block.charges': t('Document allowances and charges', 'الخصومات والرسوم على مستوى المستند'),
  'block.amounts-in': { en: (p: { currency: string }) => `amounts in ${p.currency}`, ar: (p: { currency: string }) => `المبالغ بعملة ${p.currency}` },
  // Parties and addresses.
  'label.name': t('Name', 'الاسم'),
  'label.trading-name': t('Trading name', 'الاسم التجاري'),
  'label.trn': t('TRN', 'رقم التسجيل الضريبي'),
  'label.tax-number': t('Tax number', 'الرقم الضريبي'),
  'label.identifier': t('Identifier', 'المعرّف'),
  'label.electronic-address': t('Electronic address', 'العنوان الإلكتروني'),
  'label.street': t('Street', 'الشارع'),
  'label.additional-street': t('Additional street', 'شارع إضافي'),
  'label.address-line': t('Address line', 'سطر العنوان'),
  'label.city': t('City', 'المدينة'),
  'label.postal-code': t('Postal code', 'الرمز البريدي'),
  'label.emirate': t('Emirate', 'الإمارة'),
  'label.region': t('Region', 'المنطقة'),
  'label.country': t('Country', 'الدولة'),
  'label.legal-registration': t('Legal registration', 'التسجيل القانوني'),
  'label.registration-this': t('Registration (this invoice)', 'التسجيل (هذه الفاتورة)'),
  'label.registration-type': t('Registration type', 'نوع التسجيل'),
  'label.issuing-authority': t('Issuing authority', 'جهة الإصدار'),
  'label.authority': t('Authority', 'الجهة'),
  'label.passport-country': t('Passport country', 'دولة جواز السفر'),
  'label.participant-id': t('Participant ID', 'معرّف المشارك'),
  'label.participant-scheme': t('Participant scheme', 'مخطط المشارك'),
  'label.contact': t('Contact', 'جهة الاتصال'),
  'label.telephone': t('Telephone', 'الهاتف'),
  'label.email': t('Email', 'البريد الإلكتروني'),
  'label.entity': t('Entity', 'الكيان'),
  'label.buyer': t('Buyer', 'المشتري'),
  'label.delivery': t('Delivery', 'التسليم'),
  // Invoice details.
  'label.invoice-number': t('Invoice number', 'رقم الفاتورة'),
  'label.document-id': t('Document ID', 'معرّف المستند'),
  'label.credit-note-number': t('Credit note number', 'رقم الإشعار الدائن'),
  'label.uuid': t('UUID', 'المعرّف الفريد (UUID)'),
  'label.issue-date': t('Issue date', 'تاريخ الإصدار'),
  'label.issue-time': t('Issue time', 'وقت الإصدار'),
  'label.due-date': t('Due date', 'تاريخ استحقاق الدفع'),
  'label.tax-point-date': t('Tax point date', 'تاريخ التوريد'),
  'label.period': t('Period', 'الفترة'),
  'label.type': t('Type', 'النوع'),
  'label.invoice-type': t('Invoice type', 'نوع الفاتورة'),
  'label.transaction-type': t('Transaction type', 'نوع المعاملة'),
  'label.currency': t('Currency', 'العملة'),
  'label.tax-currency': t('Tax currency', 'عملة الضريبة'),
  'label.buyer-reference': t('Buyer reference', 'مرجع المشتري'),
  'label.reference': t('Reference', 'المرجع'),
  'label.order': t('Order', 'أمر الشراء'),
  'label.contract': t('Contract', 'العقد'),
  'label.project': t('Project', 'المشروع'),
  'label.preceding-invoice': t('Preceding invoice', 'الفاتورة السابقة'),
  'label.note': t('Note', 'ملاحظة'),
  'label.specification': t('Specification', 'المواصفة'),
  'label.process': t('Process', 'العملية'),
  // Payment.
  'label.payment-means': t('Payment means', 'وسيلة الدفع'),
  'label.payment-method': t('Payment method', 'طريقة الدفع'),
  'label.account': t('Account (IBAN)', 'الحساب (IBAN)'),
  'label.account-name': t('Account name', 'اسم الحساب'),
  'label.payment-reference': t('Payment reference', 'مرجع الدفع'),
  'label.card': t('Card', 'البطاقة'),
  'label.mandate': t('Mandate', 'التفويض'),
  'label.payment-terms': t('Payment terms', 'شروط الدفع'),
  // Totals and the AED figures.
  'label.line-net-sum': t('Sum of line net amounts', 'مجموع صافي مبالغ البنود'),
  'label.allowances': t('Allowances', 'الخصومات'),
  'label.charges': t('Charges', 'الرسوم'),
  'label.total-without-vat': t('Total without VAT', 'الإجمالي غير شامل ضريبة القيمة المضافة'),
  'label.vat': t('VAT', 'ضريبة القيمة المضافة'),
  'label.total-with-vat': t('Total with VAT', 'الإجمالي شاملاً ضريبة القيمة المضافة'),
  'label.paid-in-advance': t('Paid in advance', 'المبلغ المدفوع مقدماً'),
  'label.rounding': t('Rounding', 'التقريب'),
  'label.amount-due': t('Amount due', 'المبلغ المستحق'),
  'label.exchange-rate': t('Exchange rate', 'سعر الصرف'),
  'label.per-unit': { en: (p: { target: string; source: string }) => `${p.target} per 1 ${p.source}`, ar: (p: { target: string; source: string }) => `${p.target} لكل 1 ${p.source}` },
  // Delivery.
  'label.delivery-date': t('Delivery date', 'تاريخ التسليم'),
  'label.deliver-to': t('Deliver to', 'التسليم إلى'),
  'label.location-id': t('Location ID', 'معرّف الموقع'),
  'label.incoterms': t('Incoterms', 'شروط التسليم (Incoterms)'),
  'label.customs-declaration': t('Customs declaration', 'البيان الجمركي'),
  // The lines and the VAT breakdown.
  'col.number': t('#', '#'),
  'col.item': t('Item', 'الصنف'),
  'col.description': t('Description', 'الوصف'),
  'col.quantity': t('Quantity', 'الكمية'),
  'col.unit-price': t('Unit price', 'سعر الوحدة'),
  'col.allowance-charge': t('Allowance / charge', 'خصم / رسم'),
  'col.net-amount': t('Net amount', 'المبلغ الصافي'),
  'col.vat': t('VAT', 'ضريبة القيمة المضافة'),
  'col.vat-category': t('VAT category', 'فئة الضريبة'),
  'col.vat-amount': t('VAT amount', 'مبلغ الضريبة'),
  'col.amount-with-vat': t('Amount with VAT', 'المبلغ شاملاً الضريبة'),
  'col.category': t('Category', 'الفئة'),
  'col.taxable-amount': t('Taxable amount', 'المبلغ الخاضع للضريبة'),
  'word.charge': t('charge', 'رسم'),
  'word.allowance': t('allowance', 'خصم'),
  'word.exemption': { en: (p: { code: string; meaning?: string }) => `exemption ${p.code}${p.meaning ? ` (${p.meaning})` : ''}`, ar: (p: { code: string; meaning?: string }) => `إعفاء ${p.code}${p.meaning ? ` (${p.meaning})` : ''}` },
  'word.item-type': { en: (p: { code: string; meaning?: string }) => `item type ${p.code}${p.meaning ? ` (${p.meaning})` : ''}`, ar: (p: { code: string; meaning?: string }) => `نوع الصنف ${p.code}${p.meaning ? ` (${p.meaning})` : ''}` },
  'word.standard-id': { en: (p: { id: string }) => `standard id ${p.id}`, ar: (p: { id: string }) => `المعرّف القياسي ${p.id}` },
  'word.sellers-id': { en: (p: { id: string }) => `seller's id ${p.id}`, ar: (p: { id: string }) => `معرّف المورد ${p.id}` },
  'word.scheme': { en: (p: { scheme: string }) => `scheme ${p.scheme}`, ar: (p: { scheme: string }) => `المخطط ${p.scheme}` },
  'word.coded': { en: (p: { code: string; meaning: string }) => `${p.code} (${p.meaning})`, ar: (p: { code: string; meaning: string }) => `${p.code} (${p.meaning})` },
  'word.no-category': t('(no category)', '(بلا فئة)'),
  'word.no-name': t('(no name)', '(بلا اسم)'),
  'word.s-by-default': t('(S by default)', '(S افتراضياً)'),
  'word.a-list': t('(a list)', '(قائمة)'),
  'word.an-object': t('(an object)', '(كائن)'),
  'word.empty': t('(empty)', '(فارغ)'),
  // Tax categories (UNCL 5305, spec 2.7).
  'cat.S': t('Standard rated', 'خاضع للنسبة الأساسية'),
  'cat.Z': t('Zero rated', 'خاضع لنسبة الصفر'),
  'cat.E': t('Exempt', 'معفى'),
  'cat.O': t('Out of scope', 'خارج نطاق الضريبة'),
  'cat.AE': t('Reverse charge', 'آلية الاحتساب العكسي'),
  'cat.N': t('Margin scheme', 'نظام هامش الربح'),
  // Document type codes (UNCL 1001 as PINT-AE uses them).
  'type.380': t('Tax invoice', 'فاتورة ضريبية'),
  'type.480': t('Commercial invoice (out of scope or exempt only)', 'فاتورة تجارية (خارج نطاق الضريبة أو معفاة فقط)'),
  'type.381': t('Credit note', 'إشعار دائن'),
  'type.383': t('Debit note', 'إشعار مدين'),
  'type.389': t('Self-billed invoice', 'فاتورة بالفوترة الذاتية'),
  'type.261': t('Self-billed credit note', 'إشعار دائن بالفوترة الذاتية'),
  'type.386': t('Prepayment invoice', 'فاتورة دفعة مقدمة'),
  // Emirates (ISO 3166-2:AE).
  'emirate.AUH': t('Abu Dhabi', 'أبوظبي'),
  'emirate.DXB': t('Dubai', 'دبي'),
  'emirate.SHJ': t('Sharjah', 'الشارقة'),
  'emirate.UAQ': t('Umm Al Quwain', 'أم القيوين'),
  'emirate.FUJ': t('Fujairah', 'الفجيرة'),
  'emirate.AJM': t('Ajman', 'عجمان'),
  'emirate.RAK': t('Ras Al Khaimah', 'رأس الخيمة'),
  // Registration types (spec 2.2, 2.3).
  'registration.TL': t('Trade licence', 'رخصة تجارية'),
  'registration.EID': t('Emirates ID', 'الهوية الإماراتية'),
  'registration.PAS': t('Passport', 'جواز السفر'),
  'registration.CD': t('Cabinet decision', 'قرار مجلس الوزراء'),
  // The eight positions of transaction_type_code (spec 2.5).
  'flag.free-zone': t('Free-trade zone', 'منطقة حرة'),
  'flag.deemed-supply': t('Deemed supply', 'توريد اعتباري'),
  'flag.margin': t('Profit-margin scheme', 'نظام هامش الربح'),
  'flag.summary': t('Summary invoice', 'فاتورة ملخصة'),
  'flag.continuous': t('Continuous supply', 'توريد مستمر'),
  'flag.agent': t('Disclosed-agent billing', 'فوترة الوكيل المُفصح عنه'),
  'flag.e-commerce': t('E-commerce', 'التجارة الإلكترونية'),
  'flag.export': t('Export', 'تصدير'),
  'flag.none': t('Ordinary tax invoice', 'فاتورة ضريبية عادية'),
  // Placeholder buyer addresses (spec 2.8).
  'placeholder.deemed-supply': t('placeholder address: deemed supply', 'عنوان بديل: توريد اعتباري'),
  'placeholder.no-identifier': t('placeholder address: buyer without identifier', 'عنوان بديل: مشترٍ بلا معرّف'),
  'placeholder.export': t('placeholder address: export', 'عنوان بديل: تصدير'),
  // Payment means (UNTDID 4461).
  'payment.1': fromList(PAYMENT_MEANS, '1', 'أداة غير محددة'),
  'payment.10': fromList(PAYMENT_MEANS, '10', 'نقداً'),
  'payment.20': fromList(PAYMENT_MEANS, '20', 'شيك'),
  'payment.30': fromList(PAYMENT_MEANS, '30', 'تحويل دائن'),
  'payment.48': fromList(PAYMENT_MEANS, '48', 'بطاقة مصرفية'),
  'payment.49': fromList(PAYMENT_MEANS, '49', 'خصم مباشر'),
  'payment.2': t('Automated clearing house credit', 'قيد دائن عبر غرفة المقاصة الآلية'),
  'payment.3': t('Automated clearing house debit', 'قيد مدين عبر غرفة المقاصة الآلية'),
  'payment.21': t("Banker's draft", 'حوالة مصرفية'),
  'payment.31': t('Debit transfer', 'تحويل مدين'),
  'payment.42': t('Payment to bank account', 'دفع إلى حساب مصرفي'),
  'payment.54': t('Credit card', 'بطاقة ائتمان'),
  'payment.55': t('Debit card', 'بطاقة خصم'),
  'payment.57': t('Standing agreement', 'اتفاق دائم'),
  'payment.58': t('SEPA credit transfer', 'تحويل دائن SEPA'),
  'payment.59': t('SEPA direct debit', 'خصم مباشر SEPA'),
  'payment.68': t('Online payment service', 'خدمة دفع إلكتروني'),
  'payment.97': t('Clearing between partners', 'مقاصة بين الشركاء'),
  'payment.ZZZ': t('Mutually defined', 'متفق عليه بين الطرفين'),
  // Exempt supplies and reverse-charge goods (spec 2.7, Decree-Law No. 8 of 2017 articles 46 and 48).
  'exemption.DL8.46.1': fromList(EXEMPTION_REASONS, 'DL8.46.1', 'خدمات مالية معينة'),
  'exemption.DL8.46.2': fromList(EXEMPTION_REASONS, 'DL8.46.2', 'تأجير أو بيع الوحدات السكنية'),
  'exemption.DL8.46.3': fromList(EXEMPTION_REASONS, 'DL8.46.3', 'الأرض الفضاء'),
  'exemption.DL8.46.4': fromList(EXEMPTION_REASONS, 'DL8.46.4', 'النقل المحلي للركاب'),
  'item-type.DL8.48.8.1': fromList(REVERSE_CHARGE_ITEM_TYPES, 'DL8.48.8.1', 'الذهب والألماس'),
  'item-type.DL8.48.8.2': fromList(REVERSE_CHARGE_ITEM_TYPES, 'DL8.48.8.2', 'الأجهزة الإلكترونية'),
  'item-type.DL8.48.3.1': fromList(REVERSE_CHARGE_ITEM_TYPES, 'DL8.48.3.1', 'النفط الخام أو المكرر'),
  'item-type.DL8.48.3.2': fromList(REVERSE_CHARGE_ITEM_TYPES, 'DL8.48.3.2', 'الغاز الطبيعي'),
  'item-type.DL8.48.3.3': fromList(REVERSE_CHARGE_ITEM_TYPES, 'DL8.48.3.3', 'الهيدروكربونات النقية'),
  // Units (UN/ECE Recommendations 20 and 21).
  'unit.EA': t('each', 'وحدة'), 'unit.H87': t('piece', 'قطعة'), 'unit.C62': t('one', 'واحد'), 'unit.NAR': t('number of articles', 'عدد الأصناف'),
  'unit.PR': t('pair', 'زوج'), 'unit.SET': t('set', 'طقم'), 'unit.DZN': t('dozen', 'دزينة'), 'unit.KT': t('kit', 'عُدّة'), 'unit.LO': t('lot', 'دفعة'),
  'unit.HUR': t('hour', 'ساعة'), 'unit.MIN': t('minute', 'دقيقة'), 'unit.SEC': t('second', 'ثانية'), 'unit.DAY': t('day', 'يوم'),
  'unit.WEE': t('week', 'أسبوع'), 'unit.MON': t('month', 'شهر'), 'unit.ANN': t('year', 'سنة'),
  'unit.KGM': t('kilogram', 'كيلوغرام'), 'unit.GRM': t('gram', 'غرام'), 'unit.MGM': t('milligram', 'مليغرام'), 'unit.TNE': t('tonne', 'طن'),
  'unit.LBR': t('pound', 'رطل'), 'unit.LTR': t('litre', 'لتر'), 'unit.MLT': t('millilitre', 'مليلتر'), 'unit.GLL': t('gallon', 'غالون'),
  'unit.MTR': t('metre', 'متر'), 'unit.CMT': t('centimetre', 'سنتيمتر'), 'unit.MMT': t('millimetre', 'مليمتر'), 'unit.KMT': t('kilometre', 'كيلومتر'),
  'unit.INH': t('inch', 'بوصة'), 'unit.FOT': t('foot', 'قدم'), 'unit.YRD': t('yard', 'ياردة'),
  'unit.MTK': t('square metre', 'متر مربع'), 'unit.FTK': t('square foot', 'قدم مربعة'), 'unit.MTQ': t('cubic metre', 'متر مكعب'),
  'unit.KWH': t('kilowatt hour', 'كيلوواط ساعة'), 'unit.MWH': t('megawatt hour', 'ميغاواط ساعة'), 'unit.KWT': t('kilowatt', 'كيلوواط'),
  'unit.XBX': t('box', 'صندوق'), 'unit.XPK': t('pack', 'عبوة'), 'unit.XCT': t('carton', 'كرتونة'), 'unit.XBG': t('bag', 'كيس'),
  'unit.XBO': t('bottle', 'زجاجة'), 'unit.XCN': t('can', 'علبة معدنية'), 'unit.XRO': t('roll', 'لفّة'), 'unit.XPX': t('pallet', 'منصة نقّالة'),
  'unit.XDR': t('drum', 'برميل'), 'unit.XCR': t('crate', 'صندوق شحن'), 'unit.XBE': t('bundle', 'حزمة'),
  // The Tax Data Document (pxs:TaxData).
  'tdd.header': t('TDD header', 'ترويسة مستند البيانات الضريبية'),
  'tdd.reporter': t('Reporter', 'المُبلِّغ'),
  'tdd.receiver': t('Receiver', 'المُستلِم'),
  'tdd.endpoint': t('Endpoint', 'نقطة الاستلام'),
  'tdd.scope': t('Scope', 'النطاق'),
  'tdd.reporter-role': t('Reporter role', 'دور المُبلِّغ'),
  'tdd.transport-header': t('Transport header ID', 'معرّف ترويسة النقل'),
  'tdd.representative': t("Reporter's representative", 'ممثل المُبلِّغ'),
  'tdd.custom-content': t('Custom content', 'محتوى مخصص'),
  'tdd.extract': t('Extract (ReportedDocument) beside the source document', 'المستخلص (ReportedDocument) بجانب المستند المصدر'),
  'tdd.term': t('Business term', 'مصطلح الأعمال'),
  'tdd.in-tdd': t('In the TDD', 'في مستند البيانات الضريبية'),
  'tdd.in-source': t('In the source document', 'في المستند المصدر'),
  'tdd.in-source-of': { en: (p: { root: string }) => `In the source document (${p.root})`, ar: (p: { root: string }) => `في المستند المصدر (${p.root})` },
  'tdd.type.S': t('submit', 'تقديم'),
  'tdd.type.R': t('resubmit', 'إعادة تقديم'),
  'tdd.type.W': t('withdraw', 'سحب'),
  'tdd.type.F': t('failed validation (TDS)', 'فشل التحقق (TDS)'),
  'tdd.scope.D': t('domestic', 'محلي'),
  'tdd.scope.IP': t('international over Peppol', 'دولي عبر Peppol'),
  'tdd.scope.INP': t('international, not over Peppol', 'دولي، ليس عبر Peppol'),
  'tdd.role.01': t("sender (issuer's side)", 'المُرسِل (جهة المُصدِر)'),
  'tdd.role.02': t('receiver', 'المُستلِم'),
  'bt.specification': t('Specification (ibt-024)', 'المواصفة (ibt-024)'),
  'bt.process': t('Business process (ibt-023)', 'عملية الأعمال (ibt-023)'),
  'bt.number': t('Invoice number (ibt-001)', 'رقم الفاتورة (ibt-001)'),
  'bt.uuid': t('UUID (btae-07)', 'المعرّف الفريد (btae-07)'),
  'bt.issue-date': t('Issue date (ibt-002)', 'تاريخ الإصدار (ibt-002)'),
  'bt.issue-time': t('Issue time', 'وقت الإصدار'),
  'bt.type-code': t('Type code (ibt-003)', 'رمز النوع (ibt-003)'),
  'bt.currency': t('Document currency (ibt-005)', 'عملة المستند (ibt-005)'),
  'bt.tax-currency': t('Accounting currency (ibt-006)', 'العملة المحاسبية (ibt-006)'),
  'bt.seller-tax-id': t('Seller tax identifier (ibt-031, ibt-032)', 'المعرّف الضريبي للمورد (ibt-031، ibt-032)'),
  'bt.buyer-tax-id': t('Buyer tax identifier (ibt-048)', 'المعرّف الضريبي للمشتري (ibt-048)'),
  'bt.tax-total': t('Tax total (ibt-110, ibt-111)', 'إجمالي الضريبة (ibt-110، ibt-111)'),
  'bt.tax-total-in': { en: (p: { currency: string }) => `Tax total in ${p.currency} (ibt-110, ibt-111)`, ar: (p: { currency: string }) => `إجمالي الضريبة بعملة ${p.currency} (ibt-110، ibt-111)` },
  'bt.total-without-vat': t('Total without VAT (ibt-109)', 'الإجمالي غير شامل ضريبة القيمة المضافة (ibt-109)'),
  // Places on the page, as the findings list names them.
  'place.invoice-number': t('Invoice number', 'رقم الفاتورة'),
  'place.line': t('Line', 'البند'),
  'place.line-n': { en: (p: { n: string }) => `Line ${p.n}`, ar: (p: { n: string }) => `البند ${p.n}` },
  'place.allowance-charge': t('Allowance or charge', 'خصم أو رسم'),
  'place.invoice': t('the invoice', 'الفاتورة'),
  // The report's headings, verdicts and levels.
  'report.title': t('PINT-AE validation report', 'تقرير التحقق وفق PINT-AE'),
  'report.subtitle': t('UAE e-invoicing (Peppol PINT-AE)', 'الفوترة الإلكترونية في الإمارات (Peppol PINT-AE)'),
  'report.summary': t('Summary', 'الملخص'),
  'report.findings': t('Findings', 'نتائج التحقق'),
  'report.findings-by-rule': t('Findings by rule', 'نتائج التحقق حسب القاعدة'),
  'report.rule': t('Rule', 'القاعدة'),
  'report.errors': t('Errors', 'الأخطاء'),
  'report.warnings': t('Warnings', 'التحذيرات'),
  'report.invoices': t('Invoices', 'الفواتير'),
  'report.credit-notes': t('Credit notes', 'الإشعارات الدائنة'),
  'report.tdds': t('Tax Data Documents', 'مستندات البيانات الضريبية'),
  'report.documents': t('Documents', 'المستندات'),
  'report.input': t('Input', 'المُدخل'),
  'report.invoice': t('Invoice', 'الفاتورة'),
  'report.credit-note': t('Credit note', 'الإشعار الدائن'),
  'report.tdd': t('Tax Data Document', 'مستند البيانات الضريبية'),
  'report.document': t('Document', 'المستند'),
  'report.verdict': t('Verdict', 'النتيجة'),
  'report.rules': t('Rules', 'القواعد'),
  'level.error': t('Error', 'خطأ'),
  'level.warning': t('Warning', 'تحذير'),
  'level.info': t('Note', 'ملاحظة'),
  'level.off': t('Off', 'معطّل'),
  'verdict.valid': t('✔ Valid', '✔ صالحة'),
  'verdict.invalid': t('✖ Invalid', '✖ غير صالحة'),
  'verdict.rejected': t('✖ Rejected (400)', '✖ مرفوضة (400)'),
  'verdict.unreadable': t('✖ Not readable', '✖ غير مقروءة'),
  'verdict-row.valid': t('✔ valid', '✔ صالحة'),
  'verdict-row.invalid': t('✖ invalid', '✖ غير صالحة'),
  'verdict-row.rejected': t('✖ rejected', '✖ مرفوضة'),
  'verdict-row.unreadable': t('✖ not readable', '✖ غير مقروءة'),
  'value.not-stated': t('not stated', 'غير مذكور'),
  'value.nothing-stated': t('nothing stated', 'لم يُذكر شيء'),
  'value.none': t('none', 'لا شيء'),
  'value.no-number': t('no invoice number', 'بلا رقم فاتورة'),
  // A credit note's or another document's section says what it holds, not "invoice" (check of credit notes, TDDs).
  'value.no-number.credit-note': t('no credit note number', 'بلا رقم إشعار دائن'),
  'value.no-number.document': t('no document number', 'بلا رقم مستند'),
  // An unreadable input as a whole, named by what it is (src/messages/subject.ts InputSubject): the file on the
  // command line, standard input, pintae serve's request body, the document given to the library.
  'where.file': t('the file', 'الملف'),
  'where.stdin': t('standard input', 'الإدخال القياسي'),
  'where.body': t('the request body', 'متن الطلب'),
  'where.document': t('the document given', 'المستند المُعطى'),
  'where.whole': t('the invoice as a whole', 'الفاتورة ككل'),
  'where.field': t('field', 'الحقل'),
} satisfies Record<string, Text<never>>;

/** Country names: English from pintae's list, Arabic from the CLDR data in Node's ICU (docs/glossary.md). */
let arabicRegions: Intl.DisplayNames | undefined;
function arabicCountry(code: string): string {
  arabicRegions ??= new Intl.DisplayNames(['ar'], { type: 'region', fallback: 'none' });
  let name: string | undefined;
  try { name = arabicRegions.of(code); } catch { name = undefined; }
  return name ?? lookup(COUNTRY_NAMES, code) ?? code;
}
export const NAMES = {
  country: { en: (p: { code: string }) => lookup(COUNTRY_NAMES, p.code) ?? p.code, ar: (p: { code: string }) => arabicCountry(p.code.replace(/[\u2066-\u2069]/g, '')) },
} satisfies Record<string, Text<never>>;

const count = (en: string, ar: string): Text<N> => ({ en: (p) => plural(p.n, en), ar: (p) => `${ar}: ${p.n}` });

/** The report's own sentences and counts. */
export const REPORT = {
  'count.invoices': count('invoice', 'الفواتير'),
  'count.credit-notes': count('credit note', 'الإشعارات الدائنة'),
  'count.tdds': count('Tax Data Document', 'مستندات البيانات الضريبية'),
  'count.other-documents': count('other document', 'مستندات أخرى'),
  'count.documents': count('document', 'المستندات'),
  'count.by-kind': { en: (p: { total: string; kinds: string }) => `${p.total} (${p.kinds})`, ar: (p: { total: string; kinds: string }) => `${p.total} (${p.kinds})` },
  'count.errors': count('error', 'الأخطاء'),
  'count.warnings': count('warning', 'التحذيرات'),
  'count.notes': count('note', 'الملاحظات'),
  'count.valid': { en: (p: N) => `${p.n} valid`, ar: (p: N) => `الصالحة: ${p.n}` },
  'count.invalid': { en: (p: N) => `${p.n} invalid`, ar: (p: N) => `غير الصالحة: ${p.n}` },
  'count.rejected': { en: (p: N) => `${p.n} rejected`, ar: (p: N) => `المرفوضة: ${p.n}` },
  'count.unreadable': { en: (p: N) => `${p.n} not readable`, ar: (p: N) => `غير المقروءة: ${p.n}` },
  'count.turned-off': { en: (p: N) => `${plural(p.n, 'finding')} turned off`, ar: (p: N) => `نتائج معطّلة: ${p.n}` },
  'run.line': { en: (p: { invoices: string; from: string; counts: string }) => `${p.invoices} ${p.from}: ${p.counts}`, ar: (p: { invoices: string; from: string; counts: string }) => `${p.invoices}، ${p.from} — ${p.counts}` },
  // Where the run read from: files, standard input (`-`), or serve's request body (docs/decisions.md "Standard input in a summary").
  'run.in-files': { en: (p: N) => `in ${plural(p.n, 'file')}`, ar: (p: N) => `الملفات: ${p.n}` },
  'run.from-stdin': t('from standard input', 'الإدخال القياسي'),
  'run.from-body': t('from the request body', 'متن الطلب'),
  'run.in-files-and-stdin': { en: (p: N) => `in ${plural(p.n, 'file')} and standard input`, ar: (p: N) => `الملفات: ${p.n} والإدخال القياسي` },
  'run.in-files-and-body': { en: (p: N) => `in ${plural(p.n, 'file')} and the request body`, ar: (p: N) => `الملفات: ${p.n} ومتن الطلب` },
  'run.fails': { en: (p: { why: string }) => `The run fails: ${p.why}.`, ar: (p: { why: string }) => `التشغيل لم ينجح: ${p.why}.` },
  'gate.fail-severity': { en: (p: { warnings: string }) => `${p.warnings} (--fail-severity warning)`, ar: (p: { warnings: string }) => `${p.warnings} (--fail-severity warning)` },
  'gate.max-warnings': { en: (p: { warnings: string; max: number }) => `${p.warnings} (maximum: ${p.max})`, ar: (p: { warnings: string; max: number }) => `${p.warnings} (الحد الأقصى: ${p.max})` },
  'overrides': {
    en: (p: { list: string }) => `Rule overrides in force (config file): ${p.list}. This is pintae's verdict, not the service's: the service applies every rule.`,
    ar: (p: { list: string }) => `تعديلات على القواعد سارية (ملف الإعداد): ${p.list}. هذا حكم pintae وليس حكم الخدمة: الخدمة تطبّق كل القواعد.`,
  },
  'override': { en: (p: { rule: string; level: string; findings: string }) => `${p.rule} → ${p.level} (${p.findings})`, ar: (p: { rule: string; level: string; findings: string }) => `${p.rule} → ${p.level} (${p.findings})` },
  'count.findings': count('finding', 'النتائج'),
  'pages-left-out': {
    en: (p: { more: string }) => `The invoices themselves are shown for the first ones only; for ${p.more}, the findings alone are shown. Split the run (--shard) for a page of each.`,
    ar: (p: { more: string }) => `تُعرض الفواتير نفسها للأولى منها فقط؛ أما البقية (${p.more}) فتظهر بنتائج التحقق وحدها. قسّم التشغيل (--shard) للحصول على صفحة لكل منها.`,
  },
  'count.more-invoices': count('more invoice', 'الفواتير الأخرى'),
  // The same for a run of credit notes, Tax Data Documents or several kinds: the documents, not "the invoices".
  'pages-left-out.documents': {
    en: (p: { more: string }) => `The documents themselves are shown for the first ones only; for ${p.more}, the findings alone are shown. Split the run (--shard) for a page of each.`,
    ar: (p: { more: string }) => `تُعرض المستندات نفسها للأولى منها فقط؛ أما البقية (${p.more}) فتظهر بنتائج التحقق وحدها. قسّم التشغيل (--shard) للحصول على صفحة لكل منها.`,
  },
  'count.more-documents': count('more document', 'المستندات الأخرى'),
  'no-input': t('No input.', 'لا يوجد مُدخل.'),
  'footer': t('Made by pintae. Values are shown as the document (or the request) carries them; amounts grouped by thousands for reading.',
    'أعدّه pintae. تُعرض القيم كما وردت في المستند (أو الطلب)؛ والمبالغ مجمّعة بالآلاف لتسهيل القراءة.'),
  'item': { en: (p: { index: number }) => `item ${p.index}`, ar: (p: { index: number }) => `العنصر ${p.index}` },
  ...RULE_SET_WORDS,
  'clean': t('No findings.', 'لا توجد نتائج تحقق.'),
  'shown-at': { en: (p: { place: string }) => `shown at ${p.place}`, ar: (p: { place: string }) => `موضعها: ${p.place}` },
  'shown-at-places': { en: (p: { n: number; places: string }) => `shown at ${p.n} places: ${p.places}`, ar: (p: { n: number; places: string }) => `مواضعها (${p.n}): ${p.places}` },
  'moved': { en: (p: { from: string; to: string }) => `${p.from} → ${p.to} by rule override`, ar: (p: { from: string; to: string }) => `${p.from} → ${p.to} بتعديل على القاعدة` },
  'follows-from': { en: (p: { n: number }) => `follows from ${p.n}`, ar: (p: { n: number }) => `ناتجة عن ${p.n}` },
  'each-of': { en: (p: { n: number }) => `each of the ${p.n}`, ar: (p: { n: number }) => `كل واحدة من ${p.n}` },
  'rule-text': t('Rule text:', 'نص القاعدة:'),
  'caused': { en: (p: { n: number }) => `+${p.n} caused by this`, ar: (p: { n: number }) => `+${p.n} ناتجة عن هذه` },
  'not-shown': t('The invoice itself is not shown: this report shows the first invoices only (see the summary).', 'الفاتورة نفسها غير معروضة: يعرض هذا التقرير الفواتير الأولى فقط (انظر الملخص).'),
  'not-kept': t('The invoice itself is not available in this report (it was made from a report that does not keep it).', 'الفاتورة نفسها غير متاحة في هذا التقرير (أُعدّ من تقرير لا يحتفظ بها).'),
  'not-shown.credit-note': t('The credit note itself is not shown: this report shows the first documents only (see the summary).', 'الإشعار الدائن نفسه غير معروض: يعرض هذا التقرير المستندات الأولى فقط (انظر الملخص).'),
  'not-kept.credit-note': t('The credit note itself is not available in this report (it was made from a report that does not keep it).', 'الإشعار الدائن نفسه غير متاح في هذا التقرير (أُعدّ من تقرير لا يحتفظ به).'),
  'not-shown.document': t('The document itself is not shown: this report shows the first documents only (see the summary).', 'المستند نفسه غير معروض: يعرض هذا التقرير المستندات الأولى فقط (انظر الملخص).'),
  'not-kept.document': t('The document itself is not available in this report (it was made from a report that does not keep it).', 'المستند نفسه غير متاح في هذا التقرير (أُعدّ من تقرير لا يحتفظ به).'),
  'back': t('↑ Summary', '↑ الملخص'),
  // A keyboard's first stop: the summary is written last and shown first (docs/decisions.md "The HTML report, accessible (a11y)").
  'skip-to-summary': t('Go to the summary', 'الانتقال إلى الملخص'),
  'omitted': { en: (p: { n: number }) => `${plural(p.n, 'more line')} without findings not shown.`, ar: (p: { n: number }) => `لم تُعرض بنود أخرى بلا نتائج تحقق: ${p.n}.` },
  'note.not-built': t('No XML could be built for this request (see the findings): it is shown as sent.', 'تعذّر إنشاء XML لهذا الطلب (انظر نتائج التحقق): يُعرض كما أُرسل.'),
  'note.rejected': t('The service refuses this request (400) before validating it: it is shown as sent.', 'ترفض الخدمة هذا الطلب (400) قبل التحقق منه: يُعرض كما أُرسل.'),
  'note.tdd-no-extract': t('This TDD carries no extract of the invoice (pxs:ReportedDocument).', 'لا يحمل مستند البيانات الضريبية هذا مستخلصاً من الفاتورة (pxs:ReportedDocument).'),
  'note.tdd-no-source': t('This TDD carries no source document to compare its extract with.', 'لا يحمل مستند البيانات الضريبية هذا مستنداً مصدراً تُقارن به مستخلصه.'),
  'note.delivered-registration': t(
    'The form the service delivers (spec 2.3 item 4): the seller\'s legal registration always carries the entity\'s '
    + 'registry code as PAS, AE, because the gateway identifies the sending organisation by this element and refuses '
    + 'any other form (403, "Invoice Not From A Partner\'s Organization"). It is not a passport: the entity\'s own '
    + 'registration type is checked by the rules, not written here.',
    'هذا هو الشكل الذي تُسلّمه الخدمة (المواصفة 2.3 البند 4): يحمل التسجيل القانوني للمورد دائماً رمز سجل الكيان بصيغة PAS, AE، '
    + 'لأن البوابة تتعرّف على الجهة المُرسِلة من هذا العنصر وترفض أي شكل آخر (403، "Invoice Not From A Partner\'s Organization"). '
    + 'وهو ليس جواز سفر: نوع التسجيل الخاص بالكيان تتحقق منه القواعد ولا يُكتب هنا.'),
  'label.field': { en: (p: { key: string }) => p.key.charAt(0).toUpperCase() + p.key.slice(1).replace(/_/g, ' '), ar: (p: { key: string }) => p.key },
} satisfies Record<string, Text<never>>;

export const VIEW = { ...TERMS, ...NAMES, ...REPORT };
export type ViewWordId = keyof typeof VIEW;

/** Words of the view's catalogue: the id and its parameters (each a code, other words, or a number), said when the page is written. */
export function said(id: ViewWordId, p?: Readonly<Record<string, Words | number>>): Said {
  return p === undefined ? { id } : { id, p };
}

/** Entries whose code may be unknown: the id when the catalogue has one. */
export function saidIf(id: string): Said | undefined {
  return Object.hasOwn(VIEW, id) ? { id } : undefined;
}

export const joined = (join: string, parts: Array<Words | undefined>): Joined => ({ join, parts: parts.filter((w): w is Words => w !== undefined && w !== '') });

/** Arabic punctuation for the joiners the view uses. */
const AR_JOINERS: Readonly<Record<string, string>> = { ', ': '، ', '; ': '؛ ' };

/**
 * Words as plain text in one language. In Arabic, a parameter of the document's own text (a code, an amount, a
 * name), and such a text among joined words, is set apart as a bidirectional isolate (U+2068 … U+2069), so a Latin code or a number inside an Arabic
 * sentence keeps its order; an unknown id is shown as it stands.
 */
export function wordsIn(w: Words, tongue: Tongue): string {
  if (typeof w === 'string') return w;
  if ('join' in w) return w.parts.map((part) => (tongue === 'ar' && typeof part === 'string' && part !== '' ? `\u2068${part}\u2069` : wordsIn(part, tongue))).join(tongue === 'ar' ? AR_JOINERS[w.join] ?? w.join : w.join);
  const entry = Object.hasOwn(VIEW, w.id) ? (VIEW as unknown as Record<string, Text<Record<string, string | number>>>)[w.id] : undefined;
  if (!entry) return w.id;
  const params: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(w.p ?? {})) {
    params[k] = typeof v === 'number' ? v : tongue === 'ar' && typeof v === 'string' && v !== '' ? `\u2068${v}\u2069` : wordsIn(v, tongue);
  }
  return entry[tongue](params);
}
