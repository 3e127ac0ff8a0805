export type { CommandResult, CommandRunner } from './command-runner';
export { runCommand, ServiceCommandError } from './command-runner';
export { processServiceHost, readLoginServiceLine } from './login-service';
export { runServiceCommand } from './service-command';
export type { LoginServiceStatus, ServiceHost } from './service-host';
