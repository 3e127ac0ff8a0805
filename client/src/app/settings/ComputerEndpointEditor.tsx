import type { ComponentProps } from 'react';
import { type ComputerEndpoint, ComputerEndpointSection } from '../../ui';
import { computerEndpointBody } from './computer-endpoint-body';
import type { ComputerSetting } from './use-computer-setting';

export type Props = Omit<ComponentProps<typeof ComputerEndpointSection>, 'saved' | 'onSave'> & {
  /** The computer's voice or speech recognition, as read with `useComputerSetting`. */
  setting: ComputerSetting<ComputerEndpoint>;
};

/** The section that edits one of the computer's endpoints, filled from and saved to the computer. */
export function ComputerEndpointEditor({ setting, ...section }: Props) {
  return (
    <ComputerEndpointSection
      // Filled once the computer has answered; a save after that keeps what the user sees.
      key={setting.readiness === null ? 'asking' : 'answered'}
      saved={setting.channel}
      unreachable={setting.readiness === 'offline'}
      onSave={(values) => setting.save(computerEndpointBody(values))}
      {...section}
    />
  );
}
