// Presentational React layer of the Ringback client: props in, callbacks out; no fetching,
// storage or machines inside. The lead wires these to the app's machines and services.
export { BackHeader, type Props as BackHeaderProps } from './BackHeader';
export { BriefFailureNotice, type BriefFailureView } from './BriefFailureNotice';
export { BriefLanguagePage, type BriefLanguageWriteState, FOLLOW_SYSTEM } from './BriefLanguagePage';
export {
  BackgroundRingingPage,
  type Props as BackgroundRingingPageProps,
} from './background/BackgroundRingingPage';
export { CallDetailPage, type Props as CallDetailPageProps, type ReplyRecord } from './CallDetailPage';
export { CallHistoryList, type Props as CallHistoryListProps } from './CallHistoryList';
export { type Choice, ChoiceList } from './ChoiceList';
export {
  type ComputerEndpoint,
  ComputerEndpointSection,
  type ComputerEndpointValues,
} from './ComputerEndpointSection';
export { ConfirmDialog, type Props as ConfirmDialogProps } from './ConfirmDialog';
export { CopyButton, type Props as CopyButtonProps } from './CopyButton';
export { copyText } from './copyText';
export { type DeviceRow, DevicesPage, type Props as DevicesPageProps } from './DevicesPage';
export { DispatchScreen } from './dispatch/DispatchScreen';
export { MyDispatchesPage } from './dispatch/MyDispatchesPage';
export type {
  DispatchAgentOption,
  DispatchCall,
  DispatchImageItem,
  DispatchIssueOption,
  DispatchMode,
  DispatchProjectOption,
  DispatchRow,
  DispatchStatusOption,
  DispatchWorkspaceOption,
} from './dispatch/types';
export { FormOfAddressPage } from './FormOfAddressPage';
export { formatElapsed } from './formatElapsed';
export { IdlePage, type Props as IdlePageProps } from './IdlePage';
export { InCallScreen, type Props as InCallScreenProps } from './InCallScreen';
export { IncomingCallScreen, type Props as IncomingCallScreenProps } from './IncomingCallScreen';
export { type InterfaceLanguageChoice, InterfaceLanguagePage } from './InterfaceLanguagePage';
export { KeySettingsPage, type Props as KeySettingsPageProps } from './KeySettingsPage';
export {
  LlmSettingsPage,
  type LlmTestResult,
  type LlmValues,
  type Props as LlmSettingsPageProps,
} from './LlmSettingsPage';
export { LLM_PRESETS, type LlmPreset, type LlmPresetId, presetForUrl } from './llmPresets';
export { ModeEditPage } from './modes/ModeEditPage';
export { ModesPage } from './modes/ModesPage';
export {
  ANSWER_FAILED_NOTICE,
  answerFailedNotice,
  type CallNotice,
  takenFromHereNotice,
  VOICE_UNAVAILABLE_NOTICE,
} from './notices';
export { OpenElsewherePage, type Props as OpenElsewherePageProps } from './OpenElsewherePage';
export {
  PairingSwitchDialog,
  type PairingSwitchOffer,
  type Props as PairingSwitchDialogProps,
} from './PairingSwitchDialog';
export {
  MIN_PASSPHRASE_LENGTH,
  type PairCodeErrors,
  type PairCodeValues,
  validatePairCode,
} from './pairCodeValidation';
export { cameraErrorText, type Props as QrScanDialogProps, QrScanDialog } from './QrScanDialog';
export { type Delivery, type DeliveryState, type Props as ReplyPanelProps, ReplyPanel } from './ReplyPanel';
export {
  DEFAULT_SETTINGS_GROUPS,
  type Props as SettingsListProps,
  type SettingsGroup,
  SettingsList,
  type SettingsRow,
} from './SettingsList';
export { type Source, SourceChoice } from './SourceChoice';
export {
  type Props as SpeechRecognitionSettingsPageProps,
  SpeechRecognitionSettingsPage,
  type SpeechRecognitionTestResult,
  type SpeechRecognitionValues,
} from './SpeechRecognitionSettingsPage';
export { type Props as TapToStartCallProps, TapToStartCall } from './TapToStartCall';
export { CallTabPanel, type Props as CallTabPanelProps } from './tracker/CallTabPanel';
export { CallTabs, callTabDomId, type Props as CallTabsProps, type TabPointer } from './tracker/CallTabs';
export {
  GroupedCallHistoryList,
  type GroupedCallHistoryListProps,
  GroupedMissedCallList,
  type GroupedMissedCallListProps,
} from './tracker/GroupedCallList';
export {
  type Props as TrackerSettingsPageProps,
  type TrackerSaveRequest,
  TrackerSettingsPage,
} from './tracker/TrackerSettingsPage';
export type { Workspace, WorkspaceConnectionState, WorkspaceStatus } from './tracker/types';
export type { TabMeasurement } from './tracker/useTabMeasurement';
export type {
  ConnectionState,
  ConversationTurn,
  Decision,
  FailedReport,
  HistoryRow,
  MissedCall,
  Segment,
  StatusItem,
  StatusTone,
} from './types';
export { type Props as VoiceSettingsPageProps, VoiceSettingsPage } from './VoiceSettingsPage';
export { type Props as TalkButtonProps, TalkButton } from './voice/TalkButton';
export { appendWords, useVoiceField, type VoiceInputField } from './voice/use-voice-field';
export { VoiceFailureNotice } from './voice/VoiceFailureNotice';
export { VoiceInputContext, type VoiceInputFactory } from './voice/voice-input-context';
export type {
  CurlCandidate,
  CurlImportResult,
  CurlMapping,
  VoiceEngine,
  VoiceField,
  VoiceOption,
  VoiceValues,
} from './voiceTypes';
export { type Props as WelcomePageProps, WelcomePage } from './WelcomePage';
