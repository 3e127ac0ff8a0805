import { describe, expect, it } from 'vitest';
import type { TrackerIssue } from '../api';
import { issueSearch } from './project-issues';

const issue = (identifier: string, title: string) => ({ identifier, title }) as TrackerIssue;

describe('issueSearch', () => {
  it('passes words and bare numbers to the tracker as they are', () => {
    expect(issueSearch('login page').q).toBe('login page');
    expect(issueSearch(' 42 ').q).toBe('42');
    expect(issueSearch('   ').q).toBeUndefined();
    expect(issueSearch(undefined).keep(issue('ACME-1', 'x'))).toBe(true);
  });

  it('keeps only the named issue for PREFIX-n, or titles holding the text', () => {
    const search = issueSearch('acme-42');
    expect(search.q).toBe('acme-42');
    expect(search.keep(issue('ACME-42', 'Anything'))).toBe(true);
    expect(search.keep(issue('ACME-142', 'Other'))).toBe(false);
    expect(search.keep(issue('ACME-7', 'Follow-up to ACME-42'))).toBe(true);
  });

  it('asks for the number when the prefix has digits, which the tracker does not parse', () => {
    const search = issueSearch('A1-42');
    expect(search.q).toBe('42');
    expect(search.keep(issue('A1-42', 'x'))).toBe(true);
    expect(search.keep(issue('A1-7', 'Has 42 in it'))).toBe(false);
  });
});
