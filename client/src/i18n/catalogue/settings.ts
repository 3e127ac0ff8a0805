/** Chinese for the settings pages, by their English words (English is the source). */
export const SETTINGS_ZH: Record<string, string> = {
  General: '通用',
  Connection: '连接',
  Personal: '个人',
  Integrations: '集成',
  Calls: '来电',
  'Interface language': '界面语言',
  'Brief language': '简报语言',
  Voice: '语音',
  Devices: '设备',
  'End-to-end key': '端到端密钥',
  'Form of address': '称呼',
  'Language model for questions': '问答语言模型',
  'Tracker (Multica)': '任务追踪（Multica）',
  'Ring schedules': '响铃时段',
  Ringtones: '铃声',
  Settings: '设置',
  Back: '返回',

  // Shared words.
  Save: '保存',
  'Saved.': '已保存。',
  'Saving…': '正在保存…',
  'Working…': '处理中…',
  Cancel: '取消',
  'Something went wrong.': '出了点问题。',
  'Saved ({hint}) — type to replace': '已保存（{hint}）— 输入以替换',

  // Voice.
  Engine: '引擎',
  'On this device': '本设备',
  'Cloud platforms': '云平台',
  'Self-hosted': '自托管',
  'Your own': '自定义',
  Model: '模型',
  'Other voice id…': '其他音色 ID…',
  'Voice id': '音色 ID',
  'The platform lists no voices for this account.': '该平台没有为此账户列出任何音色。',
  'Voices listed.': '已列出音色。',
  'List voices': '列出音色',
  'Asking the platform…': '正在询问平台…',
  Preview: '试听',
  'Playing…': '正在播放…',
  'This voice has no speed setting, so the rate has no effect.': '此音色没有语速设置，语速不起作用。',
  'This voice supports {min}–{max}; other rates are clamped to that.':
    '此音色支持 {min}–{max}；其他语速会被限制在此范围内。',
  'Speech rate: {rate}': '语速：{rate}',
  'Paste a cURL command': '粘贴 cURL 命令',
  Import: '导入',
  'No values were found in that command.': '这条命令中没有找到任何值。',
  'Which value is the sentence?': '哪个值是要朗读的句子？',
  'Which value is the voice?': '哪个值是音色？',
  'Which value is the speed?': '哪个值是语速？',
  None: '无',
  'API key': 'API 密钥',
  'App ID': 'App ID',
  'Base address': '基础地址',
  Key: '密钥',
  Region: '区域',
  'Sample rate': '采样率',
  Server: '服务器',
  Site: '站点',
  'Speech resource key': '语音资源密钥',
  'API keys work only in the region they were created in.': 'API 密钥只能在创建它的区域使用。',
  'Change it for a proxy or a compatible server.': '使用代理或兼容服务器时修改此项。',
  'Data-residency accounts only work on their own server.': '数据驻留账户只能在其自己的服务器上使用。',
  'Only if your server asks for one.': '仅当你的服务器要求时填写。',

  // Language model.
  '{count} models found.': '找到 {count} 个模型。',
  'No models were listed.': '没有列出任何模型。',
  'Connection works.': '连接正常。',
  'Saved. Your computer uses this model for briefs too.': '已保存。你的电脑也会用这个模型写简报。',
  'Language model': '语言模型',
  'Questions in a call are answered by this model, straight from this device. Saving also updates the model your computer uses for briefs.':
    '通话中的问题由这个模型直接在本设备上回答。保存后也会更新你的电脑写简报所用的模型。',
  Provider: '提供商',
  'A local Ollama needs no key.': '本地 Ollama 不需要密钥。',
  'Pick or type a model': '选择或输入模型',
  'Load models': '加载模型',
  'Structured output': '结构化输出',
  'JSON schema (json_schema)': 'JSON Schema（json_schema）',
  'JSON object, schema in the prompt (json_object)': 'JSON 对象，Schema 写在提示词里（json_object）',
  'Briefs need JSON from the model. Choose JSON object for models without JSON schema support; the connection test checks the mode you choose.':
    '生成简报需要模型输出 JSON。模型不支持 JSON Schema 时请选 JSON 对象；测试连接会按你选的方式检查。',
  'Loading models…': '正在加载模型…',
  'Test connection': '测试连接',
  'Testing…': '正在测试…',
  'Not set': '未设置',

  // End-to-end key.
  'Saved. Reports are now encrypted with the new key.': '已保存。报告现在使用新密钥加密。',
  'Reports and replies are encrypted with a key made from this passphrase, on this device. Use the same passphrase on every device; the key on your computer is replaced too.':
    '报告和回复使用在本设备上由此口令生成的密钥加密。请在每台设备上使用相同的口令；你电脑上的密钥也会被替换。',
  'A key is set.': '已设置密钥。',
  'No key is set yet.': '尚未设置密钥。',
  '{count} of at least {min} characters': '{count} / 至少 {min} 个字符',

  // Devices.
  'No devices.': '没有设备。',
  'Remove {name}?': '移除 {name}？',
  device: '设备',
  'This device will be signed out and stop ringing. You can pair it again later.':
    '这台设备将被登出并不再响铃。你之后可以重新配对。',
  'That device will be signed out and stop ringing. You can pair it again later.':
    '那台设备将被登出并不再响铃。你之后可以重新配对。',
  Remove: '移除',
  'Remove {name}': '移除 {name}',
  'New name for {name}': '{name} 的新名称',
  'This device': '本设备',
  '{kind} · last seen {time}': '{kind} · 最后在线 {time}',
  Computer: '电脑',
  App: '应用',
  never: '从未',
  now: '刚刚',
  Rename: '重命名',
  'Rename {name}': '重命名 {name}',

  // Form of address.
  'Briefs, history and answers in calls call you this, as in “The tests pass, {name}.” Empty means “{default}”.':
    '简报、历史和通话中的回答会这样称呼你，例如“测试通过了，{name}。”留空即为“{default}”。',

  // Brief language.
  'Writing it to your computer…': '正在写入你的电脑…',
  'Your computer writes briefs in this language.': '你的电脑会用这种语言写简报。',
  'Not on your computer yet ({reason}); trying again every 30 s.':
    '尚未写入你的电脑（{reason}）；每 30 秒重试一次。',
  'Your computer refused it: {reason}': '你的电脑拒绝了：{reason}',
  'Follow the system': '跟随系统',
  'Briefs are written by your model and spoken in this language. Your computer is told at once.':
    '简报由你的模型用这种语言撰写和朗读。会立即通知你的电脑。',
  'Search languages': '搜索语言',
  'No language matches “{query}”.': '没有语言匹配“{query}”。',

  // Interface language.
  'Chinese when your first language is Chinese, else English': '首选语言为中文时用中文，否则用英文',
  'Changes the words of the app and its window title. Briefs, voices and answers in calls follow the brief language.':
    '改变应用的文字和窗口标题。简报、语音和通话中的回答跟随简报语言。',
};
