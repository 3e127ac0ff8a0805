/** Chinese for the desktop app's own pages: joining through the daemon here, and its settings. */
export const DESKTOP_ZH: Record<string, string> = {
  // Joining through the daemon on this computer.
  'Joining the Ringback account of this computer…': '正在加入这台电脑的 Ringback 账户…',
  'The desktop app joins the Ringback account of this computer by itself.':
    '桌面应用会自动加入这台电脑的 Ringback 账户。',
  'Ringback is not running on this computer': 'Ringback 没有在这台电脑上运行',
  'The app joins through the Ringback daemon on this computer, which is not running. Start it with `ringback up`, or let it start whenever you log in.':
    '应用通过这台电脑上的 Ringback 守护进程加入账户，但它没有运行。用 `ringback up` 启动它，或让它在你登录时自动启动。',
  'Start Ringback at login': '登录时启动 Ringback',
  'Retry now': '立即重试',
  'Trying again every 30 seconds.': '每 30 秒重试一次。',
  'Installing the login service…': '正在安装登录服务…',
  'Installed: Ringback now starts whenever you log in.': '已安装：以后每次登录都会启动 Ringback。',
  'The Ringback daemon was not found beside this app: {message}':
    '没有在应用旁找到 Ringback 守护进程：{message}',
  'The daemon needs Node.js 20.19 or newer on this computer: {message}':
    '守护进程需要这台电脑上安装 Node.js 20.19 或更新版本：{message}',
  'The login service could not be installed: {message}': '无法安装登录服务：{message}',
  'The daemon on this computer refused to pair': '这台电脑上的守护进程拒绝配对',
  'Join again': '重新加入',
  'Ringback is not running on this computer (start it with `ringback up`)':
    'Ringback 没有在这台电脑上运行（用 `ringback up` 启动它）',

  // The desktop app's settings.
  'Desktop app': '桌面应用',
  'Keep running in the tray when the window is closed': '关闭窗口后在托盘中继续运行',
  'Keep running when the window is closed': '关闭窗口后继续运行',
  'Calls still ring with the window closed; the tray icon brings it back.':
    '窗口关闭后来电仍会响铃；点托盘图标即可重新打开窗口。',
  'This desktop shows no tray icon, so closing the window quits Ringback and calls stop ringing here. Turned on, Ringback keeps running with no window: open Ringback again to bring it back.':
    '这个桌面环境不显示托盘图标，所以关闭窗口会退出 Ringback，来电也不再在这里响铃。打开此项后，Ringback 会在没有窗口时继续运行：再次打开 Ringback 即可让窗口回来。',
  'Open Ringback when you log in': '登录时打开 Ringback',
  'It starts in the background, so calls ring without opening it first.':
    '它会在后台启动，无需先打开也能响铃。',
  'This computer offers Ringback no keychain, so its device token is kept only while the app runs: after a restart it joins the account again.':
    '这台电脑没有可供 Ringback 使用的钥匙串，设备令牌只在应用运行时保存：重启后会重新加入账户。',
  'Ringback {version} for {platform}': 'Ringback {version}（{platform}）',
  'Could not read the settings: {message}': '无法读取设置：{message}',
  'Could not save: {message}': '无法保存：{message}',
};
