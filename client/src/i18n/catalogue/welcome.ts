/** Chinese for the welcome (joining) page, by its English words (English is the source). */
export const WELCOME_ZH: Record<string, string> = {
  'When your coding agent finishes, it phones you: hear a short brief, ask questions, and reply.':
    '编程智能体完成工作后会给你打电话：听一段简短的简报、提问、然后回复。',
  'Paste a pairing link': '粘贴配对链接',
  'Pairing link': '配对链接',
  'Joining…': '正在加入…',
  Join: '加入',
  'Scan the QR code': '扫描二维码',
  'Scan with camera': '用摄像头扫描',
  'Choose a picture': '选择图片',
  'No QR code was found in that picture. Try a sharper or closer one.':
    '这张图片里没有找到二维码。请换一张更清晰或更近的。',
  'That file could not be read as a picture.': '这个文件无法作为图片读取。',
  'Join with a code': '用配对码加入',
  'Server address': '服务器地址',
  '6-digit code': '6 位配对码',
  Passphrase: '口令',
  'The same passphrase as on your computer (at least {count} characters). Your encryption key is derived from it on this device. {typed} typed.':
    '与电脑上相同的口令（至少 {count} 个字符）。加密密钥会在本设备上由它推导。已输入 {typed} 个。',
  'The passphrase has at least {count} characters.': '口令至少要有 {count} 个字符。',
  'Enter the server address.': '请输入服务器地址。',
  'The address starts with http:// or https://.': '地址要以 http:// 或 https:// 开头。',
  'The code has 6 digits.': '配对码是 6 位数字。',
  'Join with code': '用配对码加入',
  'Scan the pairing code': '扫描配对码',
  'Point the camera at the QR code printed by': '将摄像头对准以下命令打印的二维码：',
  '.': '',
  'Camera preview': '摄像头预览',
  Close: '关闭',
  'Camera permission was denied. Allow the camera for this page in the browser settings, or choose a picture of the code instead.':
    '摄像头权限被拒绝。请在浏览器设置中允许此页面使用摄像头，或改为选择二维码图片。',
  'No camera was found on this device. Choose a picture of the code, or paste the link instead.':
    '这台设备上没有找到摄像头。请选择二维码图片，或粘贴链接。',
  'The camera is in use by another app. Close it and try again.': '摄像头正被其他应用使用。请关闭后重试。',
  'The camera could not be started. Choose a picture of the code, or paste the link instead.':
    '无法启动摄像头。请选择二维码图片，或粘贴链接。',
  'This page cannot use the camera (it is not served over https). Open the link with your phone’s camera app, choose a picture of the code, or paste the link.':
    '此页面无法使用摄像头（不是通过 https 提供的）。请用手机相机应用打开链接、选择二维码图片，或粘贴链接。',
  'This device is no longer on your account (it was removed). Join again to get calls here.':
    '这台设备已不在你的账户中（已被移除）。重新加入才能在这里接到来电。',
  'Could not join: {message}': '无法加入：{message}',
  'Switch this device to another account?': '要把这台设备切换到另一个账户吗？',
  'A pairing link asks to join the server {server} as “{device}”. Calls and your replies would then go to that account, not to {current}. Switch only if you made this link yourself.':
    '一个配对链接要求以“{device}”的名义加入服务器 {server}。之后来电和你的回复都会发往那个账户，而不再是 {current}。只有这个链接是你自己生成的才切换。',
  'A pairing link asks to join {server} again as “{device}”, with a different end-to-end key. Calls and your replies would then go to the account that made the link. Switch only if you made this link yourself.':
    '一个配对链接要求以“{device}”的名义用另一个端到端密钥重新加入 {server}。之后来电和你的回复都会发往生成这个链接的账户。只有这个链接是你自己生成的才切换。',
  'Switch account': '切换账户',
  Dismiss: '关闭',
  'Starting…': '正在启动…',
  'Ringback is open in another tab of this browser. Calls ring there, not here.':
    'Ringback 已在此浏览器的另一个标签页中打开。来电会在那里响铃，而不是这里。',
  'Use it here instead: the other tab stops ringing and says so, and calls ring in this tab.':
    '改在这里使用：另一个标签页将停止响铃并提示，来电会在此标签页响铃。',
  'Use here': '在这里使用',
};
