/** Chinese for the calls page's project tabs and the Multica tracker settings, by their English words. */
export const TRACKER_ZH: Record<string, string> = {
  // The calls page's project tabs.
  All: '全部',
  Other: '其他',
  Projects: '项目',
  More: '更多',
  'More, {count} missed': '更多，{count} 个未接',
  'More projects': '更多项目',
  '{label}, {count} missed': '{label}，{count} 个未接',

  // Tracker settings.
  'When your computer is off, tracker tasks do not ring.': '电脑关机时，任务追踪的任务不会响铃。',
  'Saved. Your computer watches {count} workspace.': '已保存。你的电脑正在关注 {count} 个工作区。',
  'Saved. Your computer watches {count} workspaces.': '已保存。你的电脑正在关注 {count} 个工作区。',
  'Disconnected. The token was deleted from your computer.': '已断开。令牌已从你的电脑上删除。',
  'Multica tracker': 'Multica 任务追踪',
  'This token reaches no workspaces. Join a workspace in Multica first, or replace the token.':
    '这个令牌访问不到任何工作区。请先在 Multica 中加入一个工作区，或更换令牌。',
  'This token reaches no workspaces. Join a workspace in Multica first, or use another token.':
    '这个令牌访问不到任何工作区。请先在 Multica 中加入一个工作区，或使用其他令牌。',
  Token: '令牌',
  'Watched workspaces': '关注的工作区',
  'Change workspaces': '更改工作区',
  'Replace token': '更换令牌',
  Disconnect: '断开连接',
  'Loading workspaces…': '正在加载工作区…',
  'Disconnecting…': '正在断开…',
  'Disconnect Multica?': '断开 Multica？',
  'The token is deleted from your computer and tracker tasks stop ringing. You can connect again with a token later.':
    '令牌将从你的电脑上删除，任务追踪的任务不再响铃。之后可以用令牌重新连接。',
  'Connect Multica': '连接 Multica',
  'API token': 'API 令牌',
  'Create a personal access token in Multica (your account settings, under API tokens). It starts with':
    '在 Multica 中创建一个个人访问令牌（在账户设置的 API tokens 下）。它以',
  'and is kept only on your computer.': '开头，只保存在你的电脑上。',
  ' This one does not start with mul_; check that you copied the whole token.':
    ' 这个令牌不是以 mul_ 开头；请检查是否复制了完整的令牌。',
  Verify: '验证',
  'Checking the token with Multica…': '正在向 Multica 验证令牌…',
  'No status yet': '暂无状态',
  'Disconnected:': '已断开：',
  Disconnected: '已断开',
  'No workspaces are watched.': '没有关注任何工作区。',
  ', issues ': '，任务前缀 ',
  'Since {time}': '自 {time} 起',
  'Workspaces to watch': '要关注的工作区',
  'When an agent finishes a task in a watched workspace, your phone rings. Choose one or more.':
    '智能体在关注的工作区中完成任务时，你的手机会响铃。选择一个或多个。',
  'Choose at least one workspace.': '请至少选择一个工作区。',
  '{count} workspace chosen': '已选择 {count} 个工作区',
  '{count} workspaces chosen': '已选择 {count} 个工作区',
  'Checking with Multica and saving…': '正在向 Multica 验证并保存…',
};
