/** Chinese for background ringing (the settings page, its guidance, a call answered from a notification), by the English words. */
export const BACKGROUND_ZH: Record<string, string> = {
  // The settings row and page.
  'Background ringing': '后台响铃',
  On: '开',
  Off: '关',
  'Ring when Ringback is closed': 'Ringback 关闭时也响铃',
  'Calls ring on this device even when Ringback is closed or the phone is locked. The push that wakes it carries nothing of the call: the call is fetched and decrypted here.':
    '即使 Ringback 已关闭或手机已锁屏，来电也会在这台设备上响铃。唤醒它的推送不含任何来电内容：来电在本机获取并解密。',
  'On: calls ring here with Ringback closed.': '已开启：Ringback 关闭时来电也会在这里响铃。',
  'Turning this on asks to show notifications: allow them, so calls can ring.':
    '开启时会请求显示通知的权限：请允许，来电才能响铃。',
  'Checking with the relay…': '正在向中继确认…',
  'Checking…': '正在确认…',
  "Can't reach the relay to check": '无法连接中继确认',
  'Background ringing is chosen on this device, but the relay cannot be asked now whether it holds this device’s subscription.':
    '这台设备已选择后台响铃，但现在无法向中继确认它是否保存了这台设备的推送订阅。',
  "The relay refuses this browser's push service": '中继拒绝此浏览器的推送服务',
  "Whoever runs the relay can allow this push service; the relay's README says how. Turning this on tries again.":
    '中继的运营者可以允许这个推送服务；中继的 README 说明了方法。重新开启会再试一次。',
  'Notifications were not allowed, so background ringing stays off.': '未允许通知，后台响铃保持关闭。',
  'Could not turn it on: {message}': '无法开启：{message}',
  'Turned off on this device. The relay could not be told now ({message}); it stops when its next push here is refused.':
    '已在这台设备上关闭。暂时无法通知中继（{message}）；它下一次推送被拒绝时就会停止。',

  // Not a secure context.
  'This address cannot ring in the background': '这个地址无法后台响铃',
  'This page is open over plain http ({origin}). Browsers let a page be installed and woken by pushes only over https.':
    '此页面通过普通 http 打开（{origin}）。浏览器只允许 https 页面被安装并由推送唤醒。',
  "Open Ringback at the relay's https address instead, and join your account there.":
    '请改用中继的 https 地址打开 Ringback，并在那里加入你的账户。',
  "The relay's README says how to give it one: its own certificate (--tls-cert and --tls-key), a reverse proxy with automatic certificates, or a private-network HTTPS name.":
    '中继的 README 说明了如何为它配置 https：使用它自己的证书（--tls-cert 和 --tls-key）、自动签发证书的反向代理，或内网 HTTPS 域名。',

  // iPhone and iPad.
  'Update {os} first': '请先更新 {os}',
  'Ringing in the background needs {os} 16.4 or later; this {device} has {version}. Update it in Settings → General → Software Update, then come back to this page.':
    '后台响铃需要 {os} 16.4 或更高版本；这台 {device} 是 {version}。请在“设置”→“通用”→“软件更新”中更新，然后回到此页面。',
  'Add Ringback to your Home Screen': '将 Ringback 添加到主屏幕',
  'On {device}, only an app opened from the Home Screen can ring in the background. In Safari:':
    '在 {device} 上，只有从主屏幕打开的应用才能后台响铃。在 Safari 中：',
  'Tap the Share button (the square with an arrow pointing up).': '轻点“分享”按钮（带向上箭头的方框）。',
  'Choose “Add to Home Screen”, then tap Add.': '选择“添加到主屏幕”，然后轻点“添加”。',
  'Then open Ringback from the Home Screen and turn background ringing on there.':
    '然后从主屏幕打开 Ringback，并在那里开启后台响铃。',
  'The Home Screen app keeps its own data, so join your account in it again (the same pairing link or code).':
    '主屏幕应用的数据是独立的，所以需要在其中重新加入你的账户（用同一个配对链接或配对码）。',

  // A browser without Web Push.
  'This browser cannot ring in the background': '这个浏览器无法后台响铃',
  'It has no Web Push. Ringback rings here only while this page is open. Chrome, Edge, Firefox and Safari can ring in the background (on iPhone and iPad, from the Home Screen).':
    '它不支持 Web Push。只有在此页面打开时 Ringback 才会在这里响铃。Chrome、Edge、Firefox 和 Safari 可以后台响铃（iPhone 和 iPad 上需从主屏幕打开）。',

  // Notifications blocked.
  'Notifications are blocked': '通知已被屏蔽',
  'Ringback cannot ring in the background while notifications are blocked for it. To allow them:':
    '通知被屏蔽时，Ringback 无法后台响铃。允许通知的方法：',
  'Open the Settings app, then Notifications, then Ringback.': '打开“设置”App，进入“通知”，再选择 Ringback。',
  'Turn on Allow Notifications, then come back to Ringback.': '打开“允许通知”，然后回到 Ringback。',
  "Open this site's settings: tap the icon to the left of the address (or the browser's menu, then Settings, then Site settings).":
    '打开此网站的设置：轻点地址左侧的图标（或浏览器菜单 → 设置 → 网站设置）。',
  'Set Notifications to Allow, then reload this page.': '将“通知”设为“允许”，然后重新加载此页面。',

  // The relay.
  'The relay does not send pushes': '中继不发送推送',
  'It says: {reason}': '它的说明：{reason}',
  "Whoever runs the relay can turn pushes on; the relay's README says how.":
    '运行中继的人可以开启推送；中继的 README 说明了方法。',
  'Could not reach the relay': '无法连接中继',

  // A call answered from a notification, its sound held back until a tap.
  'Tap to start the call': '轻点开始通话',
};
