import type { PermissionAction } from '@ringback/protocol';

/**
 * What a permission call says, in one language. `{agent}`, `{tool}`, `{subject}`, `{folder}` and
 * `{description}` are filled in; the first line is the call's title, said first.
 */
export interface PermissionPhraseSet {
  title: Record<PermissionAction, string>;
  /** What it wants, with the project folder it works in. */
  wants: Record<PermissionAction, string>;
  /** A network request's command (`{command}`), when one command wants the network. */
  forCommand: string;
  /** The agent's own words about it, when it gave any. */
  says: string;
  /** Said last for a request not shown whole (cut or inferred): it can only be denied here. */
  incomplete: string;
}

/** English, the fallback for a language without its own lines. */
const EN: PermissionPhraseSet = {
  title: {
    command: '{agent} asks to run a command.',
    file: '{agent} asks to edit a file.',
    network: '{agent} asks to reach the network.',
    tool: '{agent} asks to use {tool}.',
  },
  wants: {
    command: 'It wants to run: {subject}, in {folder}.',
    file: 'It wants to edit: {subject}, in {folder}.',
    network: 'It wants to reach: {subject}, in {folder}.',
    tool: 'It wants to use {tool}: {subject}, in {folder}.',
  },
  forCommand: 'For the command: {command}.',
  says: 'It says: {description}',
  incomplete: 'It is too long to show in full here: to allow it, answer at the computer.',
};

const ZH: PermissionPhraseSet = {
  title: {
    command: '{agent} 请求运行一条命令。',
    file: '{agent} 请求编辑一个文件。',
    network: '{agent} 请求访问网络。',
    tool: '{agent} 请求使用 {tool}。',
  },
  wants: {
    command: '它想在 {folder} 中运行：{subject}。',
    file: '它想在 {folder} 中编辑：{subject}。',
    network: '它想在 {folder} 中访问：{subject}。',
    tool: '它想在 {folder} 中使用 {tool}：{subject}。',
  },
  forCommand: '用于这条命令：{command}。',
  says: '它的说明：{description}',
  incomplete: '请求太长，这里无法完整显示：如要允许，请在电脑上回答。',
};

const ZH_TW: PermissionPhraseSet = {
  title: {
    command: '{agent} 請求執行一條指令。',
    file: '{agent} 請求編輯一個檔案。',
    network: '{agent} 請求連上網路。',
    tool: '{agent} 請求使用 {tool}。',
  },
  wants: {
    command: '它想在 {folder} 中執行：{subject}。',
    file: '它想在 {folder} 中編輯：{subject}。',
    network: '它想在 {folder} 中連上：{subject}。',
    tool: '它想在 {folder} 中使用 {tool}：{subject}。',
  },
  forCommand: '用於這條指令：{command}。',
  says: '它的說明：{description}',
  incomplete: '請求太長，這裡無法完整顯示：如要允許，請在電腦上回答。',
};

/** Cantonese, as spoken in Hong Kong. */
const ZH_HK: PermissionPhraseSet = {
  title: {
    command: '{agent} 想執行一條指令。',
    file: '{agent} 想改一個檔案。',
    network: '{agent} 想連上網絡。',
    tool: '{agent} 想用 {tool}。',
  },
  wants: {
    command: '佢想喺 {folder} 入面執行：{subject}。',
    file: '佢想喺 {folder} 入面改：{subject}。',
    network: '佢想喺 {folder} 入面連去：{subject}。',
    tool: '佢想喺 {folder} 入面用 {tool}：{subject}。',
  },
  forCommand: '係為咗呢條指令：{command}。',
  says: '佢話：{description}',
  incomplete: '個請求太長，呢度顯示唔晒：想允許嘅話，請喺電腦度答。',
};

/** The permission lines by phrase language (the same keys as the call lines). */
export const PERMISSION_PHRASES: Readonly<Record<string, PermissionPhraseSet>> = Object.freeze({
  en: EN,
  zh: ZH,
  'zh-TW': ZH_TW,
  'zh-HK': ZH_HK,
});

/** The permission lines for a phrase language (`callPhrases(locale).language`), else English. */
export function permissionPhrases(phraseLanguage: string): PermissionPhraseSet {
  return Object.hasOwn(PERMISSION_PHRASES, phraseLanguage)
    ? (PERMISSION_PHRASES[phraseLanguage] as PermissionPhraseSet)
    : EN;
}
