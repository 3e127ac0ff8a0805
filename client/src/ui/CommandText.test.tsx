// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CommandText } from './CommandText';

afterEach(cleanup);

const html = (text: string) => render(<p>{<CommandText text={text} />}</p>).container.innerHTML;

describe('CommandText', () => {
  it('shows backticked commands as code, without the backticks', () => {
    expect(html('Is `ringback up` running? Or try `ringback pair`.')).toBe(
      '<p>Is <code class="rb-command">ringback up</code> running? Or try <code class="rb-command">ringback pair</code>.</p>',
    );
  });

  it('leaves a sentence without commands, or with an unpaired backtick, as it is', () => {
    expect(html('Nothing to type.')).toBe('<p>Nothing to type.</p>');
    expect(html('A lone ` mark.')).toBe('<p>A lone ` mark.</p>');
  });
});
