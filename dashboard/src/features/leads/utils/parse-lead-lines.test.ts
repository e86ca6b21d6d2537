import { describe, expect, it } from 'vitest';
import { parseLeadLines } from './parse-lead-lines.ts';

describe('parseLeadLines', () => {
  it('reads one link per line, with an optional name after a comma, a tab or spaces', () => {
    const text = [
      'https://facebook.com/ann',
      'https://facebook.com/bob, Bob Stone',
      '',
      '  https://facebook.com/cara\tCara Lee  ',
      'https://www.facebook.com/dan/ Dan',
    ].join('\r\n');
    expect(parseLeadLines(text)).toEqual({
      leads: [
        { profileUrl: 'https://facebook.com/ann' },
        { profileUrl: 'https://facebook.com/bob', name: 'Bob Stone' },
        { profileUrl: 'https://facebook.com/cara', name: 'Cara Lee' },
        { profileUrl: 'https://www.facebook.com/dan/', name: 'Dan' },
      ],
      refused: [],
    });
  });

  it('refuses lines that do not start with an http(s) profile link, naming their line', () => {
    const result = parseLeadLines(
      'https://facebook.com/ann\nann smith\n\nftp://x.com/a\nhttps://facebook.com/profile.php',
    );
    expect(result.leads).toEqual([{ profileUrl: 'https://facebook.com/ann' }]);
    const reason = 'Profile URL must be an http(s) link to a profile';
    expect(result.refused).toEqual([
      { line: 2, text: 'ann smith', reason },
      { line: 4, text: 'ftp://x.com/a', reason },
      { line: 5, text: 'https://facebook.com/profile.php', reason },
    ]);
  });

  it('gives the reason of a link too long to store', () => {
    const long = `https://facebook.com/${'a'.repeat(1000)}`;
    expect(parseLeadLines(`https://facebook.com/ann\n${long}`).refused).toEqual([
      { line: 2, text: long, reason: 'Profile URL must be at most 1000 characters' },
    ]);
  });

  it('reads nothing from blank text', () => {
    expect(parseLeadLines(' \n\n ')).toEqual({ leads: [], refused: [] });
  });
});
