/** Chinese for "Your computer" (the voice, model and speech recognition reached through it), by their English words. */
export const COMPUTER_ZH: Record<string, string> = {
  'Your computer': '你的电脑',
  'Through your computer': '通过你的电脑',
  'The voice set on your computer': '你电脑上设置的语音',
  'Calls are spoken by the voice set on your computer, sealed through the relay.':
    '通话由你电脑上设置的语音朗读，经中继端到端加密传送。',
  'Your computer was busy with other requests: some sentences of the last call were spoken with this device’s voice.':
    '你的电脑正忙于其他请求：上一个来电有部分句子用这台设备的语音朗读。',
  'Your computer is not connected right now: calls ring with this device’s voice until it is back.':
    '你的电脑现在没有连接：在它恢复之前，通话会用本设备的语音响铃朗读。',
  'Your computer has no voice set yet: calls ring with this device’s voice until one is set.':
    '你的电脑还没有设置语音：在设置之前，通话会用本设备的语音响铃朗读。',
  'Your computer could not open this device’s requests, so calls ring with this device’s voice. One of them needs updating (reload the app here, or update Ringback on your computer), or they hold different end-to-end keys.':
    '你的电脑无法打开这台设备发出的请求，所以通话会用本设备的语音朗读。其中一方需要更新（在这里重新加载应用，或在电脑上更新 Ringback），或者两者持有的端到端密钥不同。',

  // The model for questions.
  'Questions are answered by': '问题由谁回答',
  'With the settings below, called straight from this device': '使用下面的设置，由本设备直接调用',
  'What your computer has set, through the relay, sealed end to end: this device needs no key':
    '使用你电脑上的设置，经中继端到端加密：本设备不需要密钥',
  'Your computer answers questions with this model. Saving sets the model your computer uses for questions and briefs.':
    '你的电脑用这个模型回答问题。保存会设置你电脑用于回答问题和生成简报的模型。',
  'Your computer is not connected right now: questions get no answer until it is back.':
    '你的电脑现在没有连接：在它恢复之前，问题无法得到回答。',
  'Your computer has no model set yet: set one below and save.':
    '你的电脑还没有设置模型：请在下面设置并保存。',

  // Speech recognition.
  'Talk and Dictate are transcribed by': '“说话”和“口述”由谁转写',
  'The endpoint below, called straight from this device': '下面的接口，由本设备直接调用',
  'The speech recognition set on your computer, through the relay, sealed end to end: this device needs no key':
    '你电脑上设置的语音识别，经中继端到端加密：本设备不需要密钥',
  'Your computer is not connected right now: type instead until it is back.':
    '你的电脑现在没有连接：在它恢复之前请改为打字。',
  'Your computer has no speech recognition set yet: set it below.':
    '你的电脑还没有设置语音识别：请在下面设置。',

  // The computer's own voice and speech recognition, edited from any device.
  'The voice on your computer': '你电脑上的语音',
  'Your computer speaks for every device with this OpenAI-compatible /audio/speech endpoint. Its key stays on the computer.':
    '你的电脑用这个兼容 OpenAI 的 /audio/speech 接口为所有设备朗读。密钥只保存在电脑上。',
  'Speech recognition on your computer': '你电脑上的语音识别',
  'Your computer transcribes for every device with this OpenAI-compatible /audio/transcriptions endpoint. Its key stays on the computer.':
    '你的电脑用这个兼容 OpenAI 的 /audio/transcriptions 接口为所有设备转写。密钥只保存在电脑上。',
  'Address on your computer': '电脑上的地址',
  'Key on your computer': '电脑上的密钥',
  'Model on your computer': '电脑上的模型',
  'Voice on your computer': '电脑上的语音名称',
  'Save on your computer': '保存到电脑',
  'Saved on your computer.': '已保存到电脑。',
  'Your computer is not connected right now: what it holds can be seen and changed once it is back.':
    '你的电脑现在没有连接：等它回来后才能查看和修改它上面的设置。',
};
