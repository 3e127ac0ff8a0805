// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ComputerEndpointSection, type Props } from './ComputerEndpointSection';

afterEach(cleanup);

function section(overrides: Partial<Props>) {
  const props: Props = {
    title: 'The voice on your computer',
    intro: 'Your computer speaks for every device.',
    saved: { baseUrl: 'https://api.example.test/v1', model: 'tts-1', voice: 'alloy', keyHint: 'sk-…abcd' },
    withVoice: true,
    modelPlaceholder: 'tts-1',
    onSave: vi.fn(async () => {}),
    ...overrides,
  };
  render(<ComputerEndpointSection {...props} />);
}

const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;

describe('the section that edits an endpoint on the computer', () => {
  it('shows what the computer holds, its key only as a hint', () => {
    section({});
    expect(field('Address on your computer').value).toBe('https://api.example.test/v1');
    expect(field('Key on your computer').value).toBe('');
    expect(field('Key on your computer').placeholder).toContain('sk-…abcd');
    expect((screen.getByRole('group') as HTMLFieldSetElement).disabled).toBe(false);
  });

  it('with the computer out of reach, says so and offers nothing to type into', () => {
    section({ saved: null, unreachable: true });
    expect(
      screen
        .getByText(
          'Your computer is not connected right now: what it holds can be seen and changed once it is back.',
        )
        .getAttribute('role'),
    ).toBe('status');
    // A disabled fieldset disables every field and button inside it (happy-dom does not compute
    // that, so the test checks where each one is).
    const group = screen.getByRole('group') as HTMLFieldSetElement;
    expect(group.disabled).toBe(true);
    for (const name of ['Address on your computer', 'Key on your computer', 'Model on your computer'])
      expect(group.contains(field(name))).toBe(true);
    expect(group.contains(screen.getByRole('button', { name: 'Save on your computer' }))).toBe(true);
  });
});
