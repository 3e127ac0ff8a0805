import type { CallPhraseSet } from './phrase-set';

/**
 * Call lines for phrase languages `id` to `pt`. Each means "There is no brief for this report;
 * here is what the agent wrote." and "Hello, this is Ringback. Your agent has finished its turn."
 */
export const PHRASES_ID_PT: Readonly<Record<string, CallPhraseSet>> = {
  id: {
    noBrief: 'Tidak ada ringkasan untuk laporan ini; berikut yang ditulis oleh agen.',
    preview: 'Halo, ini Ringback. Agen Anda telah menyelesaikan tugasnya.',
  },
  is: {
    noBrief: 'Engin samantekt er til fyrir þessa skýrslu; hér er það sem umboðsmaðurinn skrifaði.',
    preview: 'Halló, þetta er Ringback. Umboðsmaðurinn þinn hefur lokið verki sínu.',
  },
  it: {
    noBrief: "Non c'è un riassunto per questo rapporto; ecco cosa ha scritto l'agente.",
    preview: 'Ciao, qui Ringback. Il tuo agente ha terminato il suo lavoro.',
  },
  ja: {
    noBrief: 'このレポートには要約がありません。以下はエージェントが書いた内容です。',
    preview: 'こんにちは、Ringbackです。エージェントが作業を終えました。',
  },
  jv: {
    noBrief: 'Laporan iki ora ana ringkesane; iki sing ditulis agen.',
    preview: 'Halo, iki Ringback. Agenmu wis rampung nggarap tugase.',
  },
  ka: {
    noBrief: 'ამ ანგარიშს შეჯამება არ აქვს; აი, რა დაწერა აგენტმა.',
    preview: 'გამარჯობა, Ringback გესაუბრებათ. თქვენმა აგენტმა სამუშაო დაასრულა.',
  },
  kk: {
    noBrief: 'Бұл есептің қысқаша мазмұны жоқ; міне, агенттің жазғаны.',
    preview: 'Сәлеметсіз бе, бұл Ringback. Сіздің агентіңіз жұмысын аяқтады.',
  },
  km: {
    noBrief: 'មិនមានសេចក្តីសង្ខេបសម្រាប់របាយការណ៍នេះទេ។ នេះជាអ្វីដែលភ្នាក់ងារបានសរសេរ។',
    preview: 'សួស្តី នេះគឺ Ringback។ ភ្នាក់ងាររបស់អ្នកបានបញ្ចប់ការងាររបស់ខ្លួនហើយ។',
  },
  kn: {
    noBrief: 'ಈ ವರದಿಗೆ ಸಾರಾಂಶವಿಲ್ಲ; ಏಜೆಂಟ್ ಬರೆದದ್ದು ಇಲ್ಲಿದೆ.',
    preview: 'ನಮಸ್ಕಾರ, ಇದು Ringback. ನಿಮ್ಮ ಏಜೆಂಟ್ ತನ್ನ ಕೆಲಸವನ್ನು ಮುಗಿಸಿದೆ.',
  },
  ko: {
    noBrief: '이 보고서에는 요약이 없습니다. 에이전트가 작성한 내용은 다음과 같습니다.',
    preview: '안녕하세요, Ringback입니다. 에이전트가 작업을 마쳤습니다.',
  },
  lo: {
    noBrief: 'ບໍ່ມີບົດສະຫຼຸບສຳລັບລາຍງານນີ້; ນີ້ແມ່ນສິ່ງທີ່ຕົວແທນຂຽນໄວ້.',
    preview: 'ສະບາຍດີ, ນີ້ແມ່ນ Ringback. ຕົວແທນຂອງທ່ານເຮັດວຽກສຳເລັດແລ້ວ.',
  },
  lt: {
    noBrief: 'Šiai ataskaitai santraukos nėra; štai ką parašė agentas.',
    preview: 'Sveiki, čia Ringback. Jūsų agentas baigė savo darbą.',
  },
  lv: {
    noBrief: 'Šim ziņojumam nav kopsavilkuma; lūk, ko uzrakstīja aģents.',
    preview: 'Sveiki, šeit Ringback. Jūsu aģents ir pabeidzis savu darbu.',
  },
  mk: {
    noBrief: 'Нема резиме за овој извештај; еве што напиша агентот.',
    preview: 'Здраво, ова е Ringback. Вашиот агент ја заврши својата работа.',
  },
  ml: {
    noBrief: 'ഈ റിപ്പോർട്ടിന് സംഗ്രഹമില്ല; ഏജന്റ് എഴുതിയത് ഇതാ.',
    preview: 'നമസ്കാരം, ഇത് Ringback ആണ്. നിങ്ങളുടെ ഏജന്റ് ജോലി പൂർത്തിയാക്കി.',
  },
  mn: {
    noBrief: 'Энэ тайланд хураангуй байхгүй; агентын бичсэн зүйл энэ байна.',
    preview: 'Сайн байна уу, энэ бол Ringback. Таны агент ажлаа дуусгалаа.',
  },
  ms: {
    noBrief: 'Tiada ringkasan untuk laporan ini; berikut ialah apa yang ditulis oleh ejen.',
    preview: 'Helo, ini Ringback. Ejen anda telah menyelesaikan tugasnya.',
  },
  mt: {
    noBrief: "M'hemmx sommarju għal dan ir-rapport; hawn hu dak li kiteb l-aġent.",
    preview: 'Bonġu, hawn Ringback. L-aġent tiegħek temm ix-xogħol tiegħu.',
  },
  my: {
    noBrief: 'ဤအစီရင်ခံစာအတွက် အနှစ်ချုပ် မရှိပါ။ အေးဂျင့် ရေးထားသည်မှာ ဤသို့ ဖြစ်ပါသည်။',
    preview: 'မင်္ဂလာပါ၊ ဒါက Ringback ပါ။ သင့်အေးဂျင့်က သူ့အလုပ်ကို ပြီးဆုံးသွားပါပြီ။',
  },
  nb: {
    noBrief: 'Det finnes ikke noe sammendrag for denne rapporten; her er det agenten skrev.',
    preview: 'Hei, dette er Ringback. Agenten din er ferdig med arbeidet sitt.',
  },
  ne: {
    noBrief: 'यो रिपोर्टको कुनै सारांश छैन; एजेन्टले लेखेको कुरा यस्तो छ।',
    preview: 'नमस्ते, यो Ringback हो। तपाईंको एजेन्टले आफ्नो काम सकेको छ।',
  },
  nl: {
    noBrief: 'Er is geen samenvatting voor dit rapport; dit is wat de agent schreef.',
    preview: 'Hallo, dit is Ringback. Je agent is klaar met zijn werk.',
  },
  pl: {
    noBrief: 'Ten raport nie ma podsumowania; oto, co napisał agent.',
    preview: 'Cześć, tu Ringback. Twój agent zakończył pracę.',
  },
  ps: {
    noBrief: 'د دې راپور لپاره لنډیز نشته؛ دا هغه څه دي چې اجنټ لیکلي دي.',
    preview: 'سلام، دا Ringback دی. ستاسو اجنټ خپل کار پای ته ورساوه.',
  },
  pt: {
    noBrief: 'Não há resumo para este relatório; eis o que o agente escreveu.',
    preview: 'Olá, aqui é o Ringback. O seu agente concluiu o trabalho.',
  },
};
