/**
 * Fixed inputs and the outputs they must give, computed once with node:crypto (an implementation
 * independent of both backends). Both backends and node:crypto are checked against these, so a
 * message sealed in a browser without WebCrypto opens in the daemon and the other way round.
 * Do not edit an expected value to make a test pass: a change here is a wire-format change.
 */

export interface KeyIdVector {
  key: string;
  keyId: string;
}

export interface SealVector {
  key: string;
  /** base64url of the 12-byte IV. */
  iv: string;
  plaintext: string;
  aad: string;
  sealed: string;
}

export interface PassphraseVector {
  passphrase: string;
  key: string;
}

export const KEY_ID_VECTORS: readonly KeyIdVector[] = [
  { key: 'k1_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8', keyId: 'Yw3NKWbEM2aR' },
  { key: 'k1_r9bSsmRuul_UkMZDZTnQDoR32nCnZLrOXk2GjWXi290', keyId: '6daBYx-z1nlL' },
  { key: 'k1___________________________________________8', keyId: 'r5YTdg9yY1-9' },
];

export const SEAL_VECTORS: readonly SealVector[] = [
  {
    key: 'k1_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8',
    iv: 'AAECAwQFBgcICQoL',
    plaintext: '',
    aad: 'ringback:report:v1:0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a7b',
    sealed: 'e1.Yw3NKWbEM2aR.AAECAwQFBgcICQoL.vgqWVsfY3nKC4tMnabO0gw',
  },
  {
    key: 'k1_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8',
    iv: '________________',
    plaintext: 'hello',
    aad: 'ringback:reply:v1:0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a7b',
    sealed: 'e1.Yw3NKWbEM2aR.________________.UuSDpQ9b6cMda02PdkmtlrUgIa2M',
  },
  {
    key: 'k1_r9bSsmRuul_UkMZDZTnQDoR32nCnZLrOXk2GjWXi290',
    iv: 'obLD1OX2BxgpOktc',
    plaintext: '{"summary":"Tests pass. 测试通过。 ¿Listo? 🎉","cards":[]}',
    aad: 'ringback:reply-error:v1:rpl_01',
    sealed:
      'e1.6daBYx-z1nlL.obLD1OX2BxgpOktc.Nw_JD9sHjgZUV1oKjHoLf3kkv-SdVdYiS9fJy2Zhlqc9wlKrEtHsCiY350EP5Q8GSRyWgqt7LHcBo9ROHRTIPm77cv-82Yw5bCM8Wkat1vsEUg',
  },
  {
    key: 'k1_r9bSsmRuul_UkMZDZTnQDoR32nCnZLrOXk2GjWXi290',
    iv: 'Dx4tPEtaaXiHlqW0',
    plaintext: 'The quick brown fox jumps over the lazy dog, and then it runs for exactly one hundred.',
    aad: 'ringback:settings-request:v1:req-42',
    sealed:
      'e1.6daBYx-z1nlL.Dx4tPEtaaXiHlqW0.2Xdkdpy3BNiE_krg4B_UGXKmL4fgDsCEYOHDMt_0N9vGrc8mcoWDKMk-dCDVPCOXiHYGzi_fEUAxeHak8u74pLmwfGuulyyRilzKltxZ0KiZBQBOT7k7HeszVIF3nd8c2JCr21lT',
  },
  {
    key: 'k1___________________________________________8',
    iv: 'ESIzRFVmd4iZqrvM',
    plaintext: 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
    aad: 'ringback:settings-result:v1:req-42',
    sealed:
      'e1.r5YTdg9yY1-9.ESIzRFVmd4iZqrvM.6doELtZAvervUarukHtwuhyHufOGiKSuNsM_niCVF7AasF5MUtE1RE5wlnaoNqh2MQ',
  },
  {
    key: 'k1___________________________________________8',
    iv: 'yv66vvrO263eyviI',
    plaintext: 'no aad',
    aad: '',
    sealed: 'e1.r5YTdg9yY1-9.yv66vvrO263eyviI.CVZ2Q0L3HfVCBGLqK3FOk9vbvAtQcA',
  },
];

/** 600000 iterations each, so kept to two; the second is stored in NFC form. */
export const PASSPHRASE_VECTORS: readonly PassphraseVector[] = [
  { passphrase: 'correct horse battery staple', key: 'k1_MBWlp79inr2s-IktV_FSJBjGrOCgSSny-6AzDr5wuxg' },
  {
    passphrase: 'Cr\u00e8me br\u00fbl\u00e9e \u00e0 la maison',
    key: 'k1_BVY-rZEv8aGYhfwQlYexeJwBEDLv48DnWrCN0R_nd98',
  },
];
