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
  'The saved pairing on this computer could not be read: the system keychain is not available now (it may still be locked). Unlock it and try again, or pair again.':
    '无法读取这台电脑上保存的配对：系统钥匙串现在不可用（可能仍处于锁定状态）。请解锁后重试，或重新配对。',
  'The saved pairing on this computer could not be read: the system keychain no longer opens it. Pair again to go on.':
    '无法读取这台电脑上保存的配对：系统钥匙串已无法打开它。重新配对后即可继续。',
  'The app did not answer when this window asked for the saved pairing. Try again, or pair again.':
    '本窗口读取保存的配对时，应用没有回应。请重试，或重新配对。',
  'This computer’s keychain is not available: the pairing lasts until the app quits.':
    '这台电脑的钥匙串不可用：此配对只保留到应用退出。',
  'The earlier pairing of this computer is still on your account: remove it in Settings → Devices.':
    '这台电脑之前的配对仍在你的账户中：可在“设置 → 设备”中移除。',
  'Ringback is not running on this computer (start it with `ringback up`)':
    'Ringback 没有在这台电脑上运行（用 `ringback up` 启动它）',

  // Connecting the daemon to a relay when it is logged in to none (a first run).
  'Connect this computer to a relay': '将这台电脑连接到中继服务器',
  'Ringback runs on this computer but is not connected to a relay yet: calls reach you through one.':
    'Ringback 已在这台电脑上运行，但还没有连接到中继服务器：来电要经由中继服务器送达。',
  'Give the address of your relay: this computer’s account is made there.':
    '填写你的中继服务器地址：这台电脑的账户会在那里创建。',
  'Join an account you already use on another computer. Make a pairing link there with `ringback pair` and paste it here.':
    '加入你在另一台电脑上已在使用的账户。在那台电脑上用 `ringback pair` 生成配对链接，然后粘贴到这里。',
  'Relay address': '中继服务器地址',
  'Claim code': '认领码',
  'A private relay prints it in its log when it starts, until its first account is made.':
    '私有中继服务器在创建第一个账户之前，每次启动时都会在日志中打印它。',
  Connect: '连接',
  'Join the account': '加入账户',
  'Already use Ringback on another computer?': '已经在另一台电脑上使用 Ringback？',
  'New to Ringback?': '第一次使用 Ringback？',
  'Join with a pairing link': '用配对链接加入',
  'Connect to a relay instead': '改为连接中继服务器',
  'Give the address of your relay.': '请填写你的中继服务器地址。',
  'This is not a relay address: give one like https://relay.example.com.':
    '这不是中继服务器地址：请填写类似 https://relay.example.com 的地址。',
  'Could not connect to a relay at this address: check it, and that the relay is running. ({message})':
    '无法连接到这个地址的中继服务器：请检查地址，并确认中继服务器正在运行。（{message}）',
  'This relay is private and has no owner yet: give its claim code to become its owner.':
    '这个中继服务器是私有的，还没有所有者：填写它的认领码即可成为所有者。',
  'This is not the relay’s claim code: copy it again from the relay’s log.':
    '这不是该中继服务器的认领码：请从中继服务器的日志中重新复制。',
  'This relay already has its owner. To use their account, join it with a pairing link from one of its computers.':
    '这个中继服务器已有所有者。要使用该账户，请用其某台电脑生成的配对链接加入。',
  'A code alone is not enough here: paste the whole pairing link, which also brings the account’s end-to-end key.':
    '这里只填配对码不够：请粘贴完整的配对链接，它还带有账户的端到端密钥。',
  'This is not a Ringback pairing link (ringback://pair?…): copy the whole link.':
    '这不是 Ringback 配对链接（ringback://pair?…）：请复制完整的链接。',
  'This pairing link was used already or has expired: make a new one with `ringback pair`.':
    '这个配对链接已被使用或已过期：请用 `ringback pair` 生成新的链接。',
  'The relay refuses for a while after too many wrong codes: {message}':
    '错误的码太多，中继服务器暂时拒绝：{message}',
  'Could not connect this computer: {message}': '无法连接这台电脑：{message}',

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
  'Installed, with a warning: {message}': '已安装，但请注意：{message}',
  'Waiting for your approval in System Settings → General → Login Items: switch Ringback on there.':
    '正在等待你的批准：请在“系统设置 → 通用 → 登录项”中打开 Ringback。',
};
