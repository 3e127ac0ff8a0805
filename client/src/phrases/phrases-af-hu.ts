import type { CallPhraseSet } from './phrase-set';

/**
 * Call lines for phrase languages `af` to `hu`. Each means "There is no brief for this report;
 * here is what the agent wrote." and "Hello, this is Ringback. Your agent has finished its turn."
 */
export const PHRASES_AF_HU: Readonly<Record<string, CallPhraseSet>> = {
  af: {
    noBrief: 'Daar is geen opsomming vir hierdie verslag nie; hier is wat die agent geskryf het.',
    preview: 'Hallo, dit is Ringback. Jou agent het sy werk voltooi.',
  },
  am: {
    noBrief: 'ለዚህ ሪፖርት ማጠቃለያ የለም፤ ወኪሉ የጻፈው ይህ ነው።',
    preview: 'ሰላም፣ ይህ Ringback ነው። ወኪልዎ ሥራውን ጨርሷል።',
  },
  ar: {
    noBrief: 'لا يوجد ملخص لهذا التقرير؛ وإليك ما كتبه الوكيل.',
    preview: 'مرحبًا، معك Ringback. لقد أنهى وكيلك عمله.',
  },
  az: {
    noBrief: 'Bu hesabat üçün xülasə yoxdur; agentin yazdıqları bunlardır.',
    preview: 'Salam, Ringback danışır. Agentiniz işini bitirdi.',
  },
  bg: {
    noBrief: 'Няма резюме за този доклад; ето какво написа агентът.',
    preview: 'Здравейте, тук е Ringback. Вашият агент приключи работата си.',
  },
  bn: {
    noBrief: 'এই রিপোর্টের কোনো সারসংক্ষেপ নেই; এই হলো এজেন্টের লেখা।',
    preview: 'হ্যালো, এটি Ringback। আপনার এজেন্ট তার কাজ শেষ করেছে।',
  },
  bs: {
    noBrief: 'Za ovaj izvještaj nema sažetka; evo šta je agent napisao.',
    preview: 'Zdravo, ovdje Ringback. Vaš agent je završio svoj posao.',
  },
  ca: {
    noBrief: "No hi ha cap resum d'aquest informe; això és el que ha escrit l'agent.",
    preview: 'Hola, sóc Ringback. El teu agent ha acabat la seva feina.',
  },
  cs: {
    noBrief: 'K tomuto hlášení není k dispozici shrnutí; tady je, co agent napsal.',
    preview: 'Dobrý den, tady Ringback. Váš agent dokončil svou práci.',
  },
  cy: {
    noBrief: 'Does dim crynodeb ar gyfer yr adroddiad hwn; dyma beth ysgrifennodd yr asiant.',
    preview: 'Helo, Ringback sydd yma. Mae eich asiant wedi gorffen ei waith.',
  },
  da: {
    noBrief: 'Der er intet resumé af denne rapport; her er, hvad agenten skrev.',
    preview: 'Hej, det er Ringback. Din agent er færdig med sit arbejde.',
  },
  de: {
    noBrief: 'Zu diesem Bericht gibt es keine Zusammenfassung; hier ist, was der Agent geschrieben hat.',
    preview: 'Hallo, hier ist Ringback. Ihr Agent ist mit seiner Arbeit fertig.',
  },
  el: {
    noBrief: 'Δεν υπάρχει σύνοψη για αυτή την αναφορά· ακολουθεί ό,τι έγραψε ο πράκτορας.',
    preview: 'Γεια σας, εδώ Ringback. Ο πράκτοράς σας ολοκλήρωσε τη δουλειά του.',
  },
  en: {
    noBrief: 'There is no brief for this report; here is what the agent wrote.',
    preview: 'Hello, this is Ringback. Your agent has finished its turn.',
  },
  es: {
    noBrief: 'Este informe no tiene resumen; esto es lo que escribió el agente.',
    preview: 'Hola, te habla Ringback. Tu agente ha terminado su trabajo.',
  },
  et: {
    noBrief: 'Selle aruande kohta kokkuvõtet pole; siin on see, mida agent kirjutas.',
    preview: 'Tere, siin Ringback. Teie agent on oma töö lõpetanud.',
  },
  fa: {
    noBrief: 'برای این گزارش خلاصه‌ای وجود ندارد؛ این متنی است که عامل نوشته است.',
    preview: 'سلام، اینجا Ringback است. عامل شما کارش را به پایان رساند.',
  },
  fi: {
    noBrief: 'Tästä raportista ei ole tiivistelmää; tässä on, mitä agentti kirjoitti.',
    preview: 'Hei, täällä Ringback. Agenttisi on saanut työnsä valmiiksi.',
  },
  fil: {
    noBrief: 'Walang buod ang ulat na ito; narito ang isinulat ng agent.',
    preview: 'Kumusta, ito ang Ringback. Natapos na ng iyong agent ang trabaho nito.',
  },
  fr: {
    noBrief: "Ce rapport n'a pas de résumé. Voici ce que l'agent a écrit.",
    preview: 'Bonjour, ici Ringback. Votre agent a terminé son travail.',
  },
  ga: {
    noBrief: 'Níl achoimre ar an tuairisc seo; seo an méid a scríobh an gníomhaire.',
    preview: 'Dia duit, seo Ringback. Tá a chuid oibre críochnaithe ag do ghníomhaire.',
  },
  gl: {
    noBrief: 'Non hai resumo para este informe; isto é o que escribiu o axente.',
    preview: 'Ola, aquí Ringback. O teu axente rematou o seu traballo.',
  },
  he: {
    noBrief: 'אין תקציר לדוח הזה; הנה מה שהסוכן כתב.',
    preview: 'שלום, כאן Ringback. הסוכן שלך סיים את העבודה.',
  },
  hi: {
    noBrief: 'इस रिपोर्ट का कोई सारांश नहीं है; एजेंट ने जो लिखा, वह यह है।',
    preview: 'नमस्ते, यह Ringback है। आपके एजेंट ने अपना काम पूरा कर लिया है।',
  },
  hr: {
    noBrief: 'Za ovo izvješće nema sažetka; evo što je agent napisao.',
    preview: 'Pozdrav, ovdje Ringback. Vaš je agent završio svoj posao.',
  },
  hu: {
    noBrief: 'Ehhez a jelentéshez nincs összefoglaló; íme, amit az ügynök írt.',
    preview: 'Helló, itt a Ringback. Az ügynököd befejezte a munkáját.',
  },
};
