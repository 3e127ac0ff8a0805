// Calls page logic without React: project tabs, All's grouping, the order of calls, and which
// tabs fit in one row with a mouse.
export {
  ALL_TAB_ID,
  arrangeCalls,
  type CallGroup,
  type CallPlacement,
  type CallsView,
  type CallTab,
  callTabs,
  compareCalls,
  groupCalls,
  OTHER_GROUP_ID,
  projectOf,
  rowsOfTab,
  sortCalls,
} from './call-tabs';
export { fitTabs, scrollLeftToShow, type TabFit, type TabFitInput } from './tab-overflow';
