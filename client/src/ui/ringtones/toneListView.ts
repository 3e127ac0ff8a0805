import type { CustomToneOption, ToneOption } from './types';

/** The search box appears only when there are more tones than this (spec: above 8). */
export const SEARCH_ABOVE = 8;
/** Custom tones shown before "Show all". */
export const CUSTOM_SHOWN = 5;

export type ToneListView = {
  searchable: boolean;
  custom: CustomToneOption[];
  /** Custom tones left out until "Show all" (0 when all show). */
  hiddenCustom: number;
  builtIn: ToneOption[];
  /** Whether the silent choice is listed (waiting slot only, and only if the search allows it). */
  silent: boolean;
};

export type ToneListInput = {
  builtIn: readonly ToneOption[];
  custom: readonly CustomToneOption[];
  offersSilent: boolean;
  query: string;
  showAll: boolean;
};

const matches = (query: string) => (tone: ToneOption) =>
  query === '' || tone.name.toLocaleLowerCase().includes(query);

/**
 * What the list shows: custom tones newest first, the first 5 until show-all; a search narrows every
 * section and shows every match (a search is already a choice to see more).
 */
export function toneListView(input: ToneListInput): ToneListView {
  const searchable = input.builtIn.length + input.custom.length > SEARCH_ABOVE;
  const query = searchable ? input.query.trim().toLocaleLowerCase() : '';
  const newest = [...input.custom].sort((a, b) => b.addedAt - a.addedAt).filter(matches(query));
  const limit = input.showAll || query !== '' ? newest.length : CUSTOM_SHOWN;
  return {
    searchable,
    custom: newest.slice(0, limit),
    hiddenCustom: Math.max(0, newest.length - limit),
    builtIn: input.builtIn.filter(matches(query)),
    silent: input.offersSilent && matches(query)({ id: 'silent', name: 'Silent' }),
  };
}
