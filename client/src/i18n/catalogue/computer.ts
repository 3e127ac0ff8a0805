/** Chinese for "Your computer" (the voice, model and speech recognition reached through it), by their English words. */
export const COMPUTER_ZH: Record<string, string> = {
  'Your computer': '你的电脑',
  'Through your computer': '通过你的电脑',
  'Calls are spoken by the voice set on your computer, sealed through the relay.':
    '通话由你电脑上设置的语音朗读，经中继端到端加密传送。',
  'Your computer is not connected right now: calls ring with this device’s voice until it is back.':
    '你的电脑现在没有连接：在它恢复之前，通话会用本设备的语音响铃朗读。',
  'Your computer has no voice set yet: calls ring with this device’s voice until one is set.':
    '你的电脑还没有设置语音：在设置之前，通话会用本设备的语音响铃朗读。',
};
