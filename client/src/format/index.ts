export { formatCallTime } from './call-time';
export {
  briefWithFormOfAddress,
  DEFAULT_FORM_OF_ADDRESS,
  FORM_OF_ADDRESS_PLACEHOLDER,
  replaceFormOfAddress,
} from './form-of-address';
export { type ResumeTarget, resumeCommand } from './resume-command';
export { shellQuote } from './shell-quote';
