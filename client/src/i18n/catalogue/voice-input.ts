/** Chinese for voice input (Talk, Dictate, their failures, the speech recognition page), by their English words. */
export const VOICE_INPUT_ZH: Record<string, string> = {
  // The button.
  Talk: '说话',
  Dictate: '口述',
  'Listening… release to stop': '正在听…松开结束',
  'Listening… tap to stop': '正在听…再点一下结束',
  'Transcribing…': '正在转写…',
  'Hold to talk; on a touch screen, tap to start and tap again to stop':
    '按住说话；触屏上点一下开始，再点一下结束',

  // Failures: each says what to do, and typing still works.
  'Ringback may not use the microphone. Allow it in the browser’s site settings, or type instead.':
    'Ringback 没有麦克风权限。请在浏览器的网站设置中允许，或改为打字。',
  'No microphone can be used here. Type instead.': '这里没有可用的麦克风。请改为打字。',
  'Nothing was recorded. Try again and speak a little longer.': '没有录到声音。请再试一次，多说一会儿。',
  'Speech recognition is not set up. Set it in Settings → Integrations → Speech recognition, or type instead.':
    '尚未设置语音识别。请在 设置 → 集成 → 语音识别 中设置，或改为打字。',
  'Speech recognition refused the recording ({status}): {message}':
    '语音识别拒绝了这段录音（{status}）：{message}',
  'Speech recognition at {endpoint} did not answer within {seconds} s.':
    '{endpoint} 的语音识别在 {seconds} 秒内没有回应。',
  'Speech recognition could not be reached: {message}': '无法连接语音识别：{message}',
  'No words were heard in the recording.': '录音里没有听到话语。',
  'Your computer is not connected right now (is `ringback up` running?). Type instead.':
    '你的电脑现在没有连接（`ringback up` 在运行吗？）。请改为打字。',
  'Your computer has no speech recognition set. Set it in Settings → Integrations → Speech recognition, or type instead.':
    '你的电脑没有设置语音识别。请在 设置 → 集成 → 语音识别 中设置，或改为打字。',

  // The settings page.
  'Speech recognition': '语音识别',
  'Talk and Dictate send what you say to this OpenAI-compatible /audio/transcriptions endpoint, straight from this device, and to nowhere else.':
    '“说话”和“口述”会把你说的话从本设备直接发送到这个兼容 OpenAI 的 /audio/transcriptions 接口，不会发往别处。',
  'A local server may need no key.': '本地服务器可能不需要密钥。',
  Test: '测试',
  'Speech recognition works. It heard: “{text}”': '语音识别可用。它听到：“{text}”',
  'Speech recognition answered (the test tone has no words).': '语音识别有回应（测试音里没有话语）。',
  'The base address must be an http(s) address': '基础地址必须是 http(s) 地址',
};
