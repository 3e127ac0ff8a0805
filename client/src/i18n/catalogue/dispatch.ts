/** Chinese for calling an agent (dispatch) and My dispatches, by their English words (English is the source). */
export const DISPATCH_ZH: Record<string, string> = {
  // Why the Call button cannot be used.
  'Choose a project.': '请选择项目。',
  'Choose an agent.': '请选择智能体。',
  '{name} is offline.': '{name} 离线。',
  'Choose an issue.': '请选择任务。',
  'Shorten the words to {count} characters.': '请把文字缩短到 {count} 个字符以内。',
  'An image failed: retry or remove it.': '有图片失败了：请重试或移除它。',
  'Say what the agent should do, or add an image.': '说明智能体要做什么，或添加一张图片。',

  'Your computer watches no Multica workspace: choose one under Settings › Tracker (Multica).':
    '你的电脑没有关注任何 Multica 工作区：请在 设置 › 任务追踪（Multica）中选择。',
  'Asking your computer for projects and agents…': '正在向你的电脑获取项目和智能体…',

  'Sending the images…': '正在发送图片…',
  'Your computer is offline, or Ringback is not running on it (start it with `ringback up`).':
    '你的电脑离线，或电脑上没有运行 Ringback（用 `ringback up` 启动）。',
  'No computer with Ringback is paired to this account: run `ringback up` on your computer.':
    '这个账户没有配对运行 Ringback 的电脑：请在电脑上运行 `ringback up`。',
  'Your computer has no Multica token yet: set it under Settings › Tracker (Multica).':
    '你的电脑还没有 Multica 令牌：请在 设置 › 任务追踪（Multica）中设置。',
  'The relay cannot be reached from this device.': '从这台设备无法连接中继。',
  'Your computer holds a different end-to-end key than this device.': '你的电脑与这台设备的端到端密钥不同。',

  // The dispatch form.
  Issue: '任务',
  Agent: '智能体',
  'My dispatches': '我的派单',
  'Drop images to attach them': '拖放图片以附加',
  'Call the agent': '呼叫智能体',
  'Call about': '呼叫内容',
  'New issue': '新任务',
  'Existing issue': '已有任务',
  'The agent writes a new issue from your words.': '智能体会根据你的话写一个新任务。',
  'Your words and images go to the issue as a comment for its assigned agent.':
    '你的文字和图片会作为评论发到该任务，交给它的负责智能体。',
  online: '在线',
  offline: '离线',
  Workspace: '工作区',
  Project: '项目',
  'No watched workspaces.': '没有关注的工作区。',
  'This workspace has no open projects.': '这个工作区没有进行中的项目。',
  'This workspace has no agents.': '这个工作区没有智能体。',
  'Choose…': '选择…',
  'Chosen issue: ': '已选任务：',
  'Choose the issue to comment on.': '选择要评论的任务。',
  'Search issues': '搜索任务',
  'Title word, 42 or ACME-42': '标题关键词、42 或 ACME-42',
  'Searching…': '正在搜索…',
  'No matching issues in this project.': '这个项目中没有匹配的任务。',
  Images: '图片',
  'Add images': '添加图片',
  'or paste, or drop them here': '或粘贴，或拖放到这里',
  'Choose images': '选择图片',
  'Not an image, left out: {names}': '不是图片，已略过：{names}',
  'Not images, left out: {names}': '不是图片，已略过：{names}',
  Preparing: '准备中',
  Uploading: '上传中',
  Ready: '就绪',
  Failed: '失败',
  'Retry {name}': '重试 {name}',
  'What should the agent do?': '智能体要做什么？',
  'Describe the work, or just paste a screenshot': '描述要做的工作，或直接粘贴截图',
  'You can say the priority and the due date here too, like “urgent, by Friday”.':
    '也可以在这里说明优先级和截止日期，例如“紧急，周五前”。',

  // Calling.
  'Silence the waiting tone': '静音等待音',
  Silence: '静音',
  'New call': '新的呼叫',
  'Try again': '重试',
  'Calling…': '正在呼叫…',
  'Dispatched: {issue}': '已派单：{issue}',
  Dispatched: '已派单',
  'The call failed': '呼叫失败',
  Cancelled: '已取消',

  // My dispatches.
  Dispatch: '派单',
  'Comment for {name}': '给 {name} 的评论',
  Comment: '评论',
  'Cancel {name}': '取消 {name}',
  '{count} image': '{count} 张图片',
  '{count} images': '{count} 张图片',
  Urgent: '紧急',
  'High priority': '高优先级',
  'Medium priority': '中优先级',
  'Low priority': '低优先级',
  Refresh: '刷新',
  Refreshing: '正在刷新',
  Dispatches: '派单',
  'Loading dispatches…': '正在加载派单…',
  'No dispatches yet. Call an agent with the green phone button on the calls page.':
    '还没有派单。在来电页面用绿色电话按钮呼叫智能体。',
};
