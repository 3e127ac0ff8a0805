import { describe, expect, it } from 'vitest';
import { SentenceChunker, splitSentences } from './split-sentences';

/** Streams `text` through a chunker in pieces of the given sizes (cycled). */
function stream(text: string, sizes: number[]): string[] {
  const chunker = new SentenceChunker();
  const out: string[] = [];
  let at = 0;
  for (let n = 0; at < text.length; n++) {
    const size = sizes[n % sizes.length] ?? 1;
    out.push(...chunker.push(text.slice(at, at + size)));
    at += size;
  }
  out.push(...chunker.flush());
  return out;
}

describe('splitSentences: Chinese', () => {
  it('cuts after every CJK terminator, keeping the punctuation', () => {
    expect(splitSentences('今天的测试全部通过了。下一步做什么呢？我们继续发布吧！')).toEqual([
      '今天的测试全部通过了。',
      '下一步做什么呢？',
      '我们继续发布吧！',
    ]);
  });

  it('takes runs of terminators and closing quotes along', () => {
    expect(splitSentences('他问：“真的完成了吗？！”我说：“是的……”然后离开了。')).toEqual([
      '他问：“真的完成了吗？！”',
      '我说：“是的……”',
      '然后离开了。',
    ]);
    expect(splitSentences('「先把数据库迁移做完。」『再部署。』（这一步很关键。）')).toEqual([
      '「先把数据库迁移做完。」',
      '『再部署。』',
      '（这一步很关键。）',
    ]);
  });

  it('cuts at the full-width semicolon and the ellipsis', () => {
    expect(splitSentences('第一部分已经修好；第二部分还在等待…第三部分没有动过')).toEqual([
      '第一部分已经修好；',
      '第二部分还在等待…',
      '第三部分没有动过',
    ]);
  });

  it('merges fragments shorter than six characters into the following one', () => {
    expect(splitSentences('好的。测试全部通过了。')).toEqual(['好的。测试全部通过了。']);
    expect(splitSentences('好。对。可以。我们开始吧。')).toEqual(['好。对。可以。', '我们开始吧。']);
  });

  it('merges a short final tail backwards', () => {
    expect(splitSentences('测试全部通过了。好的。')).toEqual(['测试全部通过了。好的。']);
  });

  it('packs long sentences at clause commas, at most 120 characters each', () => {
    const clause = '这是一个相当长的分句内容，';
    const text = `${clause.repeat(20)}结束。`;
    const sentences = splitSentences(text);
    expect(sentences.length).toBeGreaterThan(1);
    for (const sentence of sentences) expect([...sentence].length).toBeLessThanOrEqual(120);
    expect(sentences.join('')).toBe(text);
    // Greedy: every piece but the last is full up to the clause that would not fit.
    expect(sentences[0]).toBe(clause.repeat(9));
  });

  it('also cuts long sentences at the enumeration comma', () => {
    const text = `${'苹果香蕉橘子葡萄西瓜、'.repeat(15)}都有。`;
    const sentences = splitSentences(text);
    // Ten clauses are 110 characters; an eleventh would make 121.
    expect(sentences[0]).toBe('苹果香蕉橘子葡萄西瓜、'.repeat(10));
    expect(sentences.join('')).toBe(text);
  });

  it('joins lines without adding a space between CJK characters', () => {
    expect(splitSentences('第一\n第二行的内容比较长')).toEqual(['第一第二行的内容比较长']);
  });
});

describe('splitSentences: English', () => {
  it('cuts after . ! ? ; when followed by whitespace or the end', () => {
    expect(
      splitSentences('The build passed. Should we ship it? Yes, ship it now! Then rest; done here.'),
    ).toEqual(['The build passed.', 'Should we ship it?', 'Yes, ship it now!', 'Then rest;', 'done here.']);
  });

  it('does not cut inside numbers, file names or abbreviations followed by a comma', () => {
    expect(
      splitSentences('Version 3.5 fixes a.ts and b.test.ts, e.g., the parser. It costs 1.25 dollars.'),
    ).toEqual(['Version 3.5 fixes a.ts and b.test.ts, e.g., the parser.', 'It costs 1.25 dollars.']);
  });

  it('keeps closing quotes and brackets with the sentence', () => {
    expect(splitSentences('He said "it works." Then he left (for good.) The end.')).toEqual([
      'He said "it works."',
      'Then he left (for good.)',
      'The end.',
    ]);
  });

  it('cuts at every newline and restores the space when merging short lines', () => {
    expect(splitSentences('Intro\nThe tests pass\n\nNext steps follow')).toEqual([
      'Intro The tests pass',
      'Next steps follow',
    ]);
    expect(splitSentences('OK.\nWe can go on now.')).toEqual(['OK. We can go on now.']);
  });

  it('keeps ellipses and mixed runs of terminators together', () => {
    expect(splitSentences('Wait... what?! Really?? It is done.')).toEqual([
      'Wait...',
      'what?!',
      'Really??',
      'It is done.',
    ]);
  });

  it('packs long sentences at commas not followed by a digit, and never splits 1,000', () => {
    const part = 'we paid 1,000 dollars for the servers, ';
    const text = `${part.repeat(8)}and that was that.`;
    const sentences = splitSentences(text);
    for (const sentence of sentences) {
      expect(sentence.length).toBeLessThanOrEqual(120);
      expect(sentence.startsWith('000')).toBe(false);
    }
    expect(sentences[0]).toBe(part.repeat(3).trim());
    expect(sentences.join(' ')).toBe(text);
  });

  it('hard-cuts a clause with no commas at 120 characters', () => {
    const text = 'x'.repeat(300);
    expect(splitSentences(text)).toEqual(['x'.repeat(120), 'x'.repeat(120), 'x'.repeat(60)]);
  });

  it('counts code points, so a hard cut never splits a surrogate pair', () => {
    const text = '😀'.repeat(130);
    const sentences = splitSentences(text);
    expect(sentences).toEqual(['😀'.repeat(120), '😀'.repeat(10)]);
  });

  it('returns nothing for empty or blank text', () => {
    expect(splitSentences('')).toEqual([]);
    expect(splitSentences('  \n \n ')).toEqual([]);
  });

  it('keeps one short text whole', () => {
    expect(splitSentences('Hi.')).toEqual(['Hi.']);
  });
});

describe('splitSentences: mixed scripts', () => {
  it('cuts an ASCII terminator followed directly by a CJK character', () => {
    expect(splitSentences('Deploy is done.然后我们测试一下。All good!')).toEqual([
      'Deploy is done.',
      '然后我们测试一下。',
      'All good!',
    ]);
  });

  it('keeps English words, file names and numbers inside a Chinese sentence', () => {
    expect(splitSentences('我修改了 parser.ts 和 README.md 两个文件。版本是 3.5。')).toEqual([
      '我修改了 parser.ts 和 README.md 两个文件。',
      '版本是 3.5。',
    ]);
  });

  it('restores a space only between an ASCII end and a letter or digit start', () => {
    expect(splitSentences('Hi\n你好世界朋友们')).toEqual(['Hi 你好世界朋友们']);
    expect(splitSentences('你好\nEveryone here')).toEqual(['你好Everyone here']);
  });
});

describe('SentenceChunker', () => {
  const texts = [
    '今天的测试全部通过了。下一步做什么呢？我们继续发布吧！剩下的工作不多了',
    '他问：“真的完成了吗？！”我说：“是的……”然后离开了，没有回头。',
    'Version 3.5 fixes a.ts, e.g., the parser. It costs 1.25 dollars! Then we are done with it',
    `${'这是一个相当长的分句内容，'.repeat(20)}结束了吧。`,
    `${'we paid 1,000 dollars for the servers, '.repeat(8)}and that was that.`,
    `${'x'.repeat(300)} and the end of it.`,
    'Summary\nThe tests pass\n\nNext steps follow here',
    'Deploy is done.然后我们测试一下。All good, we are finished here.',
  ];

  it('gives the same sentences as splitSentences however the text is chunked', () => {
    for (const text of texts) {
      const whole = splitSentences(text);
      for (const sizes of [[1], [2], [3, 1, 7], [5, 11], [17], [1000]]) {
        expect(stream(text, sizes), `${text} in chunks of ${sizes}`).toEqual(whole);
      }
    }
  });

  it('returns each sentence as soon as what follows it proves it complete', () => {
    const chunker = new SentenceChunker();
    expect(chunker.push('The build passed')).toEqual([]);
    expect(chunker.push('.')).toEqual([]);
    expect(chunker.push(' Ship')).toEqual(['The build passed.']);
    expect(chunker.push(' it now')).toEqual([]);
    expect(chunker.flush()).toEqual(['Ship it now']);
  });

  it('waits on a terminator at the end of a chunk: it may be a number or a longer run', () => {
    const chunker = new SentenceChunker();
    expect(chunker.push('It costs 3.')).toEqual([]);
    expect(chunker.push('5 dollars today. ')).toEqual(['It costs 3.5 dollars today.']);

    const cjk = new SentenceChunker();
    expect(cjk.push('真的完成了吗？')).toEqual([]);
    expect(cjk.push('！')).toEqual([]);
    expect(cjk.push('”')).toEqual([]);
    expect(cjk.push('好的，我们继续。')).toEqual(['真的完成了吗？！”']);
    expect(cjk.flush()).toEqual(['好的，我们继续。']);
  });

  it('cuts at a newline at once', () => {
    const chunker = new SentenceChunker();
    expect(chunker.push('First line here\n')).toEqual(['First line here']);
  });

  it('speaks an unterminated run longer than 120 characters in comma pieces early', () => {
    const chunker = new SentenceChunker();
    const clause = '这是一个相当长的分句内容，';
    expect(chunker.push(clause.repeat(9))).toEqual([]);
    expect(chunker.push(clause)).toEqual([clause.repeat(9)]);
    expect(chunker.push('还没有结束')).toEqual([]);
    expect(chunker.flush()).toEqual([`${clause}还没有结束`]);
  });

  it('holds a short fragment until the next sentence, then speaks them together', () => {
    const chunker = new SentenceChunker();
    expect(chunker.push('好的。')).toEqual([]);
    expect(chunker.push('我们')).toEqual([]);
    expect(chunker.push('开始吧。然后')).toEqual(['好的。我们开始吧。']);
  });

  it('cannot merge a short final tail backwards: flush returns it alone', () => {
    expect(stream('测试全部通过了。好的。', [1])).toEqual(['测试全部通过了。', '好的。']);
  });

  it('starts afresh after flush', () => {
    const chunker = new SentenceChunker();
    chunker.push('Some unfinished text');
    expect(chunker.flush()).toEqual(['Some unfinished text']);
    expect(chunker.flush()).toEqual([]);
    expect(chunker.push('Another sentence. And')).toEqual(['Another sentence.']);
  });
});
