import type { CallPhraseSet } from './phrase-set';

/**
 * Call lines for phrase languages `ro` to `zu`, with `zh` (Simplified Chinese), `zh-TW`
 * (Traditional Chinese, Taiwan) and `zh-HK` (Cantonese in Traditional characters). Each means
 * "There is no brief for this report; here is what the agent wrote." and "Hello, this is
 * Ringback. Your agent has finished its turn." Thai marks no sentence end: its lines end bare.
 */
export const PHRASES_RO_ZU: Readonly<Record<string, CallPhraseSet>> = {
  ro: {
    noBrief: 'Nu există niciun rezumat pentru acest raport; iată ce a scris agentul.',
    preview: 'Bună, aici e Ringback. Agentul tău și-a terminat treaba.',
  },
  ru: {
    noBrief: 'Для этого отчёта нет сводки; вот что написал агент.',
    preview: 'Здравствуйте, это Ringback. Ваш агент завершил работу.',
  },
  si: {
    noBrief: 'මෙම වාර්තාව සඳහා සාරාංශයක් නොමැත; නියෝජිතයා ලියූ දේ මෙන්න.',
    preview: 'ආයුබෝවන්, මේ Ringback. ඔබේ නියෝජිතයා සිය කාර්යය අවසන් කර ඇත.',
  },
  sk: {
    noBrief: 'K tejto správe nie je k dispozícii zhrnutie; tu je, čo napísal agent.',
    preview: 'Dobrý deň, tu Ringback. Váš agent dokončil svoju prácu.',
  },
  sl: {
    noBrief: 'Za to poročilo ni povzetka; tukaj je, kar je napisal agent.',
    preview: 'Pozdravljeni, tukaj Ringback. Vaš agent je končal svoje delo.',
  },
  so: {
    noBrief: 'Warbixintan ma laha soo koobid; waa kan waxa wakiilku qoray.',
    preview: 'Haloo, kani waa Ringback. Wakiilkaagu wuu dhammeeyey shaqadiisa.',
  },
  sq: {
    noBrief: 'Nuk ka përmbledhje për këtë raport; ja çfarë shkroi agjenti.',
    preview: 'Përshëndetje, këtu Ringback. Agjenti juaj e përfundoi punën.',
  },
  sr: {
    noBrief: 'За овај извештај нема сажетка; ево шта је агент написао.',
    preview: 'Здраво, овде Ringback. Ваш агент је завршио свој посао.',
  },
  su: {
    noBrief: 'Laporan ieu teu aya ringkesanana; ieu naon anu ditulis ku agén.',
    preview: 'Halo, ieu Ringback. Agén anjeun parantos ngabéréskeun tugasna.',
  },
  sv: {
    noBrief: 'Det finns ingen sammanfattning för den här rapporten; här är vad agenten skrev.',
    preview: 'Hej, det här är Ringback. Din agent är klar med sitt arbete.',
  },
  sw: {
    noBrief: 'Hakuna muhtasari wa ripoti hii; haya ndiyo aliyoandika wakala.',
    preview: 'Habari, hii ni Ringback. Wakala wako amemaliza kazi yake.',
  },
  ta: {
    noBrief: 'இந்த அறிக்கைக்குச் சுருக்கம் இல்லை; முகவர் எழுதியது இதோ.',
    preview: 'வணக்கம், இது Ringback. உங்கள் முகவர் தன் வேலையை முடித்துவிட்டது.',
  },
  te: {
    noBrief: 'ఈ నివేదికకు సారాంశం లేదు; ఏజెంట్ రాసినది ఇదిగో.',
    preview: 'నమస్కారం, ఇది Ringback. మీ ఏజెంట్ తన పనిని పూర్తి చేసింది.',
  },
  th: {
    noBrief: 'รายงานนี้ไม่มีบทสรุป นี่คือสิ่งที่เอเจนต์เขียนไว้',
    preview: 'สวัสดี นี่คือ Ringback เอเจนต์ของคุณทำงานเสร็จแล้ว',
  },
  tr: {
    noBrief: 'Bu rapor için bir özet yok; işte ajanın yazdıkları.',
    preview: 'Merhaba, ben Ringback. Ajanınız işini bitirdi.',
  },
  uk: {
    noBrief: 'Для цього звіту немає підсумку; ось що написав агент.',
    preview: 'Вітаємо, це Ringback. Ваш агент завершив роботу.',
  },
  ur: {
    noBrief: 'اس رپورٹ کا کوئی خلاصہ نہیں ہے؛ ایجنٹ نے جو لکھا وہ یہ ہے۔',
    preview: 'السلام علیکم، یہ Ringback ہے۔ آپ کے ایجنٹ نے اپنا کام مکمل کر لیا ہے۔',
  },
  uz: {
    noBrief: 'Bu hisobot uchun qisqacha mazmun yoʻq; mana, agent yozgan matn.',
    preview: 'Salom, bu Ringback. Agentingiz ishini tugatdi.',
  },
  vi: {
    noBrief: 'Báo cáo này không có bản tóm tắt; đây là nội dung mà tác tử đã viết.',
    preview: 'Xin chào, đây là Ringback. Tác tử của bạn đã hoàn thành công việc.',
  },
  zh: {
    noBrief: '这份报告没有简报；以下是智能体写的内容。',
    preview: '你好，这里是 Ringback。你的智能体已经完成了这一轮工作。',
  },
  'zh-TW': {
    noBrief: '這份報告沒有簡報；以下是代理程式撰寫的內容。',
    preview: '您好，這裡是 Ringback。您的代理程式已完成這一輪工作。',
  },
  'zh-HK': {
    noBrief: '呢份報告冇簡報；以下係代理程式寫嘅內容。',
    preview: '你好，呢度係 Ringback。你嘅代理程式已經完成咗呢一輪工作。',
  },
  zu: {
    noBrief: 'Awukho umfingqo walo mbiko; nakhu lokho okubhalwe yi-ejenti.',
    preview: 'Sawubona, lena yi-Ringback. I-ejenti yakho isiqedile umsebenzi wayo.',
  },
};
