/** Chinese for the calls pages (idle, ringing, in call, reply, detail), by their English words. */
export const CALLS_ZH: Record<string, string> = {
  // The calls page and its header.
  Connected: '已连接',
  'Connecting…': '正在连接…',
  Offline: '离线',
  Status: '状态',
  'Call an agent': '呼叫智能体',
  'Preparing {count} call…': '正在准备 {count} 个来电…',
  'Preparing {count} calls…': '正在准备 {count} 个来电…',
  'Missed calls': '未接来电',
  'Acknowledge all': '全部知悉',
  Answer: '接听',
  'Answer {title}': '接听 {title}',
  'Call history': '通话记录',
  'No calls yet. When an agent finishes a turn, it will ring here.':
    '还没有来电。智能体完成一轮工作后，会在这里响铃。',
  'Open details: {title}': '打开详情：{title}',
  Replay: '重播',
  'Issue updated {time}': '任务更新于 {time}',
  'Replay {title}': '重播 {title}',
  'Could not prepare': '无法准备',
  Retry: '重试',
  'Retry {title}': '重试 {title}',
  Ignore: '忽略',
  'Ignore {title}': '忽略 {title}',
  'Copy resume command': '复制恢复命令',
  Copied: '已复制',
  'Copy failed': '复制失败',
  '{count} call could not be decrypted: this device holds a different end-to-end key than the computer':
    '{count} 个来电无法解密：这台设备的端到端密钥与电脑上的不同',
  '{count} calls could not be decrypted: this device holds a different end-to-end key than the computer':
    '{count} 个来电无法解密：这台设备的端到端密钥与电脑上的不同',
  'A call was answered on {device}': '一个来电已在 {device} 上接听',
  'another device': '另一台设备',
  'the voice failed': '语音失败',

  // Status lines built by the app.
  'Connected; ring schedule: {text}': '已连接；响铃时段：{text}',
  'Connected: calls ring here': '已连接：来电会在这里响铃',
  'Connecting to the relay…': '正在连接中继…',
  'Offline: reconnecting to the relay': '离线：正在重新连接中继',
  'No end-to-end key: calls cannot be opened here': '没有端到端密钥：无法在这里打开来电',
  'The voice needs a setting ({missing}): calls cannot ring until it is set':
    '语音缺少设置（{missing}）：设置好之前来电无法响铃',
  'Voice: on-device ({language})': '语音：本机（{language}）',
  'Voice: on-device ({language}) — {note}': '语音：本机（{language}）— {note}',
  'The on-device voice cannot speak {language}': '本机语音无法朗读 {language}',
  'Voice: {name}': '语音：{name}',
  'Questions answered by {model}': '问题由 {model} 回答',
  'Questions answered by your computer’s model': '问题由你电脑上的模型回答',
  'No model for questions: set one under Settings › Language model':
    '没有问答模型：请在 设置 › 语言模型 中设置',

  // Ringing.
  'Incoming call': '来电',
  '{count} more call waiting': '还有 {count} 个来电在等待',
  '{count} more calls waiting': '还有 {count} 个来电在等待',
  Decline: '拒接',

  // In call.
  'Call with {name}': '与 {name} 通话',
  'Call time': '通话时长',
  Paused: '已暂停',
  'Call controls': '通话控制',
  'Previous card': '上一张卡片',
  Pause: '暂停',
  Resume: '继续',
  'Next card': '下一张卡片',
  'Hang up': '挂断',
  'Original report': '原始报告',
  Brief: '简报',
  Cards: '卡片',
  '{n} of {total}': '第 {n} / {total} 张',
  Summary: '摘要',
  Note: '备注',
  Report: '报告',
  Card: '卡片',
  'Card {index}': '卡片 {index}',
  Conclusion: '结论',
  Questions: '问题',
  'Ask a question': '提问',
  'Answering…': '正在回答…',
  'Type a question, or "continue"': '输入问题，或输入“继续”',
  Ask: '提问',
  Conversation: '对话',
  'You: ': '你：',
  'Answer: ': '回答：',
  'You:': '你：',
  'Answer:': '回答：',
  'Thinking…': '正在思考…',
  'Decisions for you': '待你决定',
  'Your answer:': '你的回答：',
  'Your answer': '你的回答',
  Change: '修改',
  Yes: '是',
  No: '否',
  'Or answer in your own words': '或用你自己的话回答',
  'Send answer': '发送回答',
  'Voice unavailable — switched to cards and captions': '语音不可用——已改用卡片和字幕',
  'Your model did not answer; the report text is below.': '你的模型没有回答；报告原文在下方。',
  'Your model did not answer: {reason}. The report text is below.':
    '你的模型没有回答：{reason}。报告原文在下方。',

  // Reply.
  Reply: '回复',
  'Reply to {name}': '回复 {name}',
  'The agent continues its session with this message.': '智能体会带着这条消息继续它的会话。',
  'Your reply': '你的回复',
  'Sending…': '正在发送…',
  'Send reply': '发送回复',
  "Don't reply": '不回复',
  'Stop waiting': '不再等待',
  'Finish the reply': '完成回复',
  'could not send the reply: {reason}': '回复未能发送：{reason}',
  'the call was answered on {device}: reply from there': '该来电已在 {device} 上接听：请在那里回复',
  'the call was not answered on this device, so it cannot reply':
    '该来电不是在本设备上接听的，因此无法从这里回复',
  'A call arrived that this app cannot read: the computer runs another version of Ringback ({detail}). Update the app and the computer to the same version.':
    '收到一个本应用无法读取的来电：电脑上运行的是另一个版本的 Ringback（{detail}）。请将应用和电脑更新到同一版本。',
  Delivery: '送达',
  'Not delivered: {reason}': '未送达：{reason}',
  'the reply could not be delivered.': '回复无法送达。',
  Done: '完成',
  'Queued on the relay': '已在中继排队',
  'Sent to your computer': '已发送到你的电脑',
  'Delivered to the agent': '已送达智能体',
  ' (done)': '（已完成）',
  ' (waiting)': '（等待中）',

  // The call answered here went to another device (its lease was lost).
  '{device} has this call now: what you say or write here may not reach the agent.':
    '此来电现在在 {device} 上：你在这里说的话或写的回复可能无法送达智能体。',
  'Another device has this call now: what you say or write here may not reach the agent.':
    '此来电现已由另一台设备接手：你在这里说的话或写的回复可能无法送达智能体。',

  // A past call.
  Answered: '已接听',
  'Answered on {device}': '已在 {device} 上接听',
  'Answered on {device}, not finished': '已在 {device} 上接听，未完成',
  Declined: '已拒接',
  'Declined on {device}': '已在 {device} 上拒接',
  Acknowledged: '已知悉',
  'Acknowledged on {device}': '已在 {device} 上知悉',
  Missed: '未接',
  'Sent to the computer': '已发送到电脑',
  'Not delivered': '未送达',
  Call: '通话',
  'Resume the session': '恢复会话',
  Decisions: '决定',
  'Not answered': '未回答',
  Replies: '回复',

  // A failed brief: why, in words to act on, and where to fix it.
  'The last brief could not be written': '上一份简报没能写成',
  'No brief for this call': '这个来电没有简报',
  'The brief could not be written': '这份简报没能写成',
  'Open Language model settings': '打开语言模型设置',
  'You hear the report as the agent wrote it. To fix this, open Settings › Language model after the call.':
    '你听到的是智能体写的原始报告。要解决这个问题，请在通话结束后打开 设置 › 语言模型。',
  'No brief': '无简报',
  'Declined from its notification before this device had its words': '已在通知中拒接，本设备未收到其内容',
  'No language model is set up on your computer, so it could not write a brief.':
    '你的电脑上没有设置语言模型，所以无法撰写简报。',
  'Your computer’s language model did not answer within {seconds} s: pick a faster model, or try again later.':
    '你电脑上的语言模型在 {seconds} 秒内没有回应：请换一个更快的模型，或稍后再试。',
  'Your computer could not reach its language model: check the model’s address, and that the service is running.':
    '你的电脑连不上它的语言模型：请检查模型地址，并确认服务正在运行。',
  'The language model service refused your computer’s API key: check the key.':
    '语言模型服务拒绝了你电脑上的 API 密钥：请检查密钥。',
  'The language model service does not know this model or address: check the model name and the address.':
    '语言模型服务不认识这个模型或地址：请检查模型名称和地址。',
  'The language model service is over its limit or out of credit: try again later, or check your plan.':
    '语言模型服务已达上限或余额不足：请稍后再试，或检查你的套餐。',
  'The language model service rejected the request: the model may not support structured output; try the other structured output choice, or another model.':
    '语言模型服务拒绝了这个请求：模型可能不支持结构化输出；请改用另一种结构化输出方式，或换一个模型。',
  'The language model service failed: try again later, or pick another model.':
    '语言模型服务出错了：请稍后再试，或换一个模型。',
  'The language model service answered with an error (HTTP {status}).':
    '语言模型服务返回了错误（HTTP {status}）。',
  'The language model’s content filter blocked the brief: try another model.':
    '语言模型的内容过滤拦下了这份简报：请换一个模型。',
  'The language model refused to write the brief: try another model.':
    '语言模型拒绝撰写这份简报：请换一个模型。',
  'The language model’s answer was not a usable brief: try another model, or the other structured output choice.':
    '语言模型的回答不是可用的简报：请换一个模型，或改用另一种结构化输出方式。',
  'Your computer stopped before the brief was written.': '简报写完之前，你的电脑就停止了。',
  'Your computer said: “{reason}”': '你的电脑说：“{reason}”',
};
