// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BriefLanguagePage } from './BriefLanguagePage';
import { FormOfAddressPage } from './FormOfAddressPage';
import { InterfaceLanguagePage } from './InterfaceLanguagePage';

afterEach(cleanup);

const LOCALES = [
  { tag: 'de-DE', name: 'German (Germany)' },
  { tag: 'en-US', name: 'American English' },
  { tag: 'ja-JP', name: 'Japanese (Japan)' },
];

describe('Brief language page', () => {
  it('offers following the system and each locale as radio options; picking one selects it', () => {
    const onSelect = vi.fn();
    const props = { locales: LOCALES, systemName: 'American English', onSelect, onBack: vi.fn() };
    const { rerender } = render(
      <BriefLanguagePage {...props} selected={null} write={{ state: 'written' }} />,
    );
    expect(screen.getByRole('heading', { name: 'Brief language' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: /Follow the system/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: /Japanese/ }));
    expect(onSelect).toHaveBeenCalledWith('ja-JP');
    rerender(<BriefLanguagePage {...props} selected="ja-JP" write={{ state: 'written' }} />);
    fireEvent.click(screen.getByRole('radio', { name: /Follow the system/ }));
    expect(onSelect).toHaveBeenLastCalledWith(null);
    expect(screen.getByRole('status').textContent).toMatch(/computer writes briefs in this language/);
  });

  it('searches by name or tag, and says so when nothing matches', () => {
    render(
      <BriefLanguagePage
        locales={LOCALES}
        selected="de-DE"
        systemName="American English"
        write={{ state: 'idle' }}
        onSelect={vi.fn()}
        onBack={vi.fn()}
      />,
    );
    const search = screen.getByRole('searchbox', { name: 'Search languages' });
    fireEvent.change(search, { target: { value: 'ja-' } });
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['ja-JP']);
    fireEvent.change(search, { target: { value: 'klingon' } });
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
    expect(screen.getByText(/No language matches/)).toBeTruthy();
  });

  it('says when the computer cannot be reached (retrying) or refused the language', () => {
    const props = {
      locales: LOCALES,
      selected: 'de-DE',
      systemName: 'x',
      onSelect: vi.fn(),
      onBack: vi.fn(),
    };
    const { rerender } = render(
      <BriefLanguagePage {...props} write={{ state: 'waiting', reason: 'Your computer is offline' }} />,
    );
    expect(screen.getByRole('status').textContent).toMatch(/trying again every 30 s/);
    rerender(<BriefLanguagePage {...props} write={{ state: 'refused', reason: 'a different key' }} />);
    expect(screen.getByRole('status').textContent).toBe('Your computer refused it: a different key');
  });
});

describe('Form of address page', () => {
  it('is a text field that saves what is typed, and the default when emptied', () => {
    const onSave = vi.fn();
    render(<FormOfAddressPage value="boss" defaultValue="boss" onSave={onSave} onBack={vi.fn()} />);
    const field = screen.getByRole('textbox', { name: 'Form of address' });
    fireEvent.change(field, { target: { value: '  Captain ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith('Captain');
    expect(screen.getByRole('status').textContent).toBe('Saved.');
    fireEvent.change(field, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenLastCalledWith('boss');
  });
});

describe('Interface language page', () => {
  it('offers Follow system, 中文 and English', () => {
    const onSelect = vi.fn();
    render(<InterfaceLanguagePage selected="system" onSelect={onSelect} onBack={vi.fn()} />);
    expect(screen.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual([
      expect.stringMatching(/^Follow system/),
      '中文',
      'English',
    ]);
    fireEvent.click(screen.getByRole('radio', { name: '中文' }));
    expect(onSelect).toHaveBeenCalledWith('zh');
  });
});
