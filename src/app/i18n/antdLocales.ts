import type { Locale } from 'antd/lib/locale'
import enUS from 'antd/locale/en_US'

/*
 * antd ships no Amharic or Afaan Oromoo locale, so we write them. They start from en_US for
 * structure and replace every string a church office will meet (pickers, modals, tables,
 * pagination, empty states, uploads, forms).
 */

type PickerLang = NonNullable<Locale['DatePicker']>['lang']

function pickerLocale(lang: Partial<PickerLang>, time: string): Locale['DatePicker'] {
  const base = enUS.DatePicker!
  return {
    ...base,
    lang: { ...base.lang, ...lang } as PickerLang,
    timePickerLocale: { ...base.timePickerLocale, placeholder: time },
  }
}

const amPicker = pickerLocale(
  {
    locale: 'am',
    placeholder: 'ቀን ይምረጡ',
    yearPlaceholder: 'ዓመት ይምረጡ',
    monthPlaceholder: 'ወር ይምረጡ',
    rangePlaceholder: ['የመጀመሪያ ቀን', 'የመጨረሻ ቀን'],
    today: 'ዛሬ',
    now: 'አሁን',
    backToToday: 'ወደ ዛሬ ተመለስ',
    ok: 'እሺ',
    clear: 'አጽዳ',
    month: 'ወር',
    year: 'ዓመት',
    week: 'ሳምንት',
    timeSelect: 'ሰዓት ይምረጡ',
    dateSelect: 'ቀን ይምረጡ',
    monthSelect: 'ወር ይምረጡ',
    yearSelect: 'ዓመት ይምረጡ',
    decadeSelect: 'አሥርት ዓመት ይምረጡ',
    previousMonth: 'ያለፈው ወር',
    nextMonth: 'የሚቀጥለው ወር',
    previousYear: 'ያለፈው ዓመት',
    nextYear: 'የሚቀጥለው ዓመት',
    previousDecade: 'ያለፉት አሥር ዓመታት',
    nextDecade: 'የሚቀጥሉት አሥር ዓመታት',
    previousCentury: 'ያለፈው ክፍለ ዘመን',
    nextCentury: 'የሚቀጥለው ክፍለ ዘመን',
  },
  'ሰዓት ይምረጡ',
)

const omPicker = pickerLocale(
  {
    locale: 'om',
    placeholder: 'Guyyaa filadhu',
    yearPlaceholder: 'Waggaa filadhu',
    monthPlaceholder: 'Ji\u2019a filadhu',
    rangePlaceholder: ['Guyyaa jalqabaa', 'Guyyaa dhumaa'],
    today: 'Har\u2019a',
    now: 'Amma',
    backToToday: 'Gara har\u2019aatti deebi\u2019i',
    ok: 'Tole',
    clear: 'Haqi',
    month: 'Ji\u2019a',
    year: 'Waggaa',
    week: 'Torbee',
    timeSelect: 'Sa\u2019aatii filadhu',
    dateSelect: 'Guyyaa filadhu',
    monthSelect: 'Ji\u2019a filadhu',
    yearSelect: 'Waggaa filadhu',
    decadeSelect: 'Waggaa kudhan filadhu',
    previousMonth: 'Ji\u2019a darbe',
    nextMonth: 'Ji\u2019a itti aanu',
    previousYear: 'Waggaa darbe',
    nextYear: 'Waggaa itti aanu',
    previousDecade: 'Waggoota kudhan darban',
    nextDecade: 'Waggoota kudhan itti aanan',
    previousCentury: 'Jaarraa darbe',
    nextCentury: 'Jaarraa itti aanu',
  },
  'Sa\u2019aatii filadhu',
)

export const amLocale: Locale = {
  ...enUS,
  locale: 'am',
  DatePicker: amPicker,
  Calendar: amPicker,
  TimePicker: { placeholder: 'ሰዓት ይምረጡ', rangePlaceholder: ['መጀመሪያ ሰዓት', 'መጨረሻ ሰዓት'] },
  Pagination: {
    ...enUS.Pagination,
    items_per_page: '/ ገጽ',
    jump_to: 'ወደ',
    jump_to_confirm: 'አረጋግጥ',
    page: 'ገጽ',
    prev_page: 'ያለፈው ገጽ',
    next_page: 'የሚቀጥለው ገጽ',
    prev_5: 'ያለፉት 5 ገጾች',
    next_5: 'የሚቀጥሉት 5 ገጾች',
    prev_3: 'ያለፉት 3 ገጾች',
    next_3: 'የሚቀጥሉት 3 ገጾች',
  },
  global: { ...enUS.global, placeholder: 'እባክዎ ይምረጡ', close: 'ዝጋ' },
  Table: {
    ...enUS.Table,
    filterTitle: 'ማጣሪያ',
    filterConfirm: 'እሺ',
    filterReset: 'ዳግም አስጀምር',
    filterEmptyText: 'ማጣሪያ የለም',
    emptyText: 'ምንም መረጃ የለም',
    sortTitle: 'ደርድር',
    triggerDesc: 'ከትልቅ ወደ ትንሽ ለመደርደር ይጫኑ',
    triggerAsc: 'ከትንሽ ወደ ትልቅ ለመደርደር ይጫኑ',
    cancelSort: 'ድርደራውን ለመሰረዝ ይጫኑ',
    expand: 'ዘርጋ',
    collapse: 'ሰብስብ',
  },
  Modal: { okText: 'እሺ', cancelText: 'ሰርዝ', justOkText: 'እሺ' },
  Popconfirm: { okText: 'እሺ', cancelText: 'ሰርዝ' },
  Upload: {
    uploading: 'በመጫን ላይ…',
    removeFile: 'ፋይሉን አስወግድ',
    uploadError: 'የመጫን ስህተት',
    previewFile: 'ፋይሉን ተመልከት',
    downloadFile: 'ፋይሉን አውርድ',
  },
  Empty: { description: 'ምንም መረጃ የለም' },
  Text: { edit: 'አስተካክል', copy: 'ቅዳ', copied: 'ተቀድቷል', expand: 'ዘርጋ', collapse: 'ሰብስብ' },
  Form: { ...enUS.Form!, optional: '(አማራጭ)' },
}

export const omLocale: Locale = {
  ...enUS,
  locale: 'om',
  DatePicker: omPicker,
  Calendar: omPicker,
  TimePicker: {
    placeholder: 'Sa\u2019aatii filadhu',
    rangePlaceholder: ['Sa\u2019aatii jalqabaa', 'Sa\u2019aatii dhumaa'],
  },
  Pagination: {
    ...enUS.Pagination,
    items_per_page: '/ fuula',
    jump_to: 'Gara',
    jump_to_confirm: 'mirkaneessi',
    page: 'Fuula',
    prev_page: 'Fuula darbe',
    next_page: 'Fuula itti aanu',
    prev_5: 'Fuulota 5 darban',
    next_5: 'Fuulota 5 itti aanan',
    prev_3: 'Fuulota 3 darban',
    next_3: 'Fuulota 3 itti aanan',
  },
  global: { ...enUS.global, placeholder: 'Maaloo filadhu', close: 'Cufi' },
  Table: {
    ...enUS.Table,
    filterTitle: 'Calaltuu',
    filterConfirm: 'Tole',
    filterReset: 'Haaromsi',
    filterEmptyText: 'Calaltuun hin jiru',
    emptyText: 'Odeeffannoon hin jiru',
    sortTitle: 'Tartiibessi',
    triggerDesc: 'Gadi bu\u2019aatti tartiibessuuf tuqi',
    triggerAsc: 'Ol ka\u2019aatti tartiibessuuf tuqi',
    cancelSort: 'Tartiibessuu dhiisuuf tuqi',
    expand: 'Bal\u2019isi',
    collapse: 'Walitti qabi',
  },
  Modal: { okText: 'Tole', cancelText: 'Dhiisi', justOkText: 'Tole' },
  Popconfirm: { okText: 'Tole', cancelText: 'Dhiisi' },
  Upload: {
    uploading: 'Fe\u2019amaa jira…',
    removeFile: 'Faayilicha haqi',
    uploadError: 'Dogoggora fe\u2019insaa',
    previewFile: 'Faayilicha ilaali',
    downloadFile: 'Faayilicha buusi',
  },
  Empty: { description: 'Odeeffannoon hin jiru' },
  Text: {
    edit: 'Gulaali',
    copy: 'Garagalchi',
    copied: 'Garagalfameera',
    expand: 'Bal\u2019isi',
    collapse: 'Walitti qabi',
  },
  Form: { ...enUS.Form!, optional: '(dirqama miti)' },
}
