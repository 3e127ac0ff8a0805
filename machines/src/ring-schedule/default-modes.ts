import { EVERY_DAY, MONDAY_TO_FRIDAY, type Mode } from './mode-types';

/**
 * What a first install offers: both off, so a new device rings at any time until the user
 * chooses otherwise.
 */
export function defaultModes(): Mode[] {
  return [
    {
      id: 'work',
      name: 'Work',
      ranges: [{ start: '10:00', end: '19:00' }],
      weekdays: [...MONDAY_TO_FRIDAY],
      rule: 'ringWithin',
      on: false,
    },
    {
      id: 'sleep',
      name: 'Sleep',
      ranges: [{ start: '22:00', end: '08:00' }],
      weekdays: [...EVERY_DAY],
      rule: 'silentWithin',
      on: false,
    },
  ];
}
