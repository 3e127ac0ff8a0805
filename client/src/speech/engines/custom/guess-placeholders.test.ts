import { describe, expect, it } from 'vitest';
import { applyAssignment, assignSlot, guessAssignment, importCurl, listSlots } from './guess-placeholders';
import { renderTemplate, templateProblem } from './template';

const values = {
  text: 'Hi "there"',
  voice: 'nova',
  speed: '1.5',
  language: 'en-US',
  uuid: 'u',
  timestamp: '1',
};

describe('importCurl', () => {
  it('places text, voice and a numeric speed (unquoted) in a JSON body', () => {
    const result = importCurl(
      `curl https://tts.example/v1 -H 'Content-Type: application/json' -d '{"model":"m","input":"Hello","voice":"alloy","speed":1.0,"extra":{"list":[{"prompt":"x"}]}}'`,
    );
    expect(result.assignment).toEqual({ text: 'json:input', voice: 'json:voice', speed: 'json:speed' });
    expect(result.template.body).toContain('"speed": {{speed}}');
    expect(templateProblem(result.template)).toBeNull();
    expect(JSON.parse(renderTemplate(result.template, values).body ?? '')).toEqual({
      model: 'm',
      input: 'Hi "there"',
      voice: 'nova',
      speed: 1.5,
      extra: { list: [{ prompt: 'x' }] },
    });
  });

  it('lists JSON leaves with dotted paths, array indices, names and truncated samples', () => {
    const { slots } = importCurl(
      `curl https://a.example --json '{"req":{"items":[{"tts_text":"a very long sample sentence here"}],"rate":"1"}}'`,
    );
    expect(slots).toEqual([
      {
        id: 'json:req.items.0.tts_text',
        location: 'json',
        path: 'req.items.0.tts_text',
        name: 'tts_text',
        sample: 'a very long sampl…',
        numeric: false,
      },
      { id: 'json:req.rate', location: 'json', path: 'req.rate', name: 'rate', sample: '1', numeric: false },
    ]);
  });

  it('keeps a string speed quoted', () => {
    const { template } = importCurl(`curl https://a.example --json '{"text":"a","rate":"1"}'`);
    expect(template.body).toContain('"rate": "{{speed}}"');
  });

  it('prefers names in the documented order (text before input)', () => {
    const { assignment } = importCurl(`curl https://a.example --json '{"input":"a","text":"b"}'`);
    expect(assignment.text).toBe('json:text');
  });

  it('places placeholders in form fields with literal braces', () => {
    const { template, slots } = importCurl(
      `curl https://a.example -d 'content=hello&speaker=amy&speed_ratio=1'`,
    );
    expect(slots.map((s) => s.id)).toEqual(['form:content', 'form:speaker', 'form:speed_ratio']);
    expect(template.body).toBe('content={{text}}&speaker={{voice}}&speed_ratio={{speed}}');
    expect(renderTemplate(template, values).body).toBe(
      'content=Hi%20%22there%22&speaker=nova&speed_ratio=1.5',
    );
  });

  it('places placeholders in URL query parameters with literal braces', () => {
    const { template } = importCurl(`curl 'https://a.example/tts?msg=hello&voice_id=7&key=k#frag'`);
    expect(template.url).toBe('https://a.example/tts?msg=hello&voice_id={{voice}}&key=k#frag');
    const withText = importCurl(`curl 'https://a.example/tts?message=hello&voice_id=7'`);
    expect(withText.template.url).toBe('https://a.example/tts?message={{text}}&voice_id={{voice}}');
    expect(renderTemplate(withText.template, values).url).toBe(
      'https://a.example/tts?message=Hi%20%22there%22&voice_id=nova',
    );
  });

  it('leaves the template without {{text}} when no slot matches (so it is flagged)', () => {
    const { template, assignment } = importCurl(`curl https://a.example --json '{"words":"a"}'`);
    expect(assignment).toEqual({});
    expect(templateProblem(template)).toMatch(/\{\{text\}\}/);
  });
});

describe('moving placeholders', () => {
  it('moves a placeholder to another slot; the slot holder gives it up', () => {
    const imported = importCurl(`curl https://a.example --json '{"text":"a","voice":"b","other":"c"}'`);
    const moved = assignSlot(imported.assignment, 'text', 'json:other');
    expect(moved).toEqual({ voice: 'json:voice', text: 'json:other' });
    const taken = assignSlot(moved, 'voice', 'json:other');
    expect(taken).toEqual({ voice: 'json:other' });
    const template = applyAssignment(imported.original, moved);
    expect(JSON.parse(template.body)).toEqual({ text: 'a', voice: '{{voice}}', other: '{{text}}' });
  });

  it('ignores assignments to slots that do not exist', () => {
    const imported = importCurl(`curl https://a.example --json '{"text":"a"}'`);
    expect(applyAssignment(imported.original, { text: 'json:missing' }).body).toBe(imported.original.body);
  });

  it('guesses nothing from no slots', () => {
    expect(guessAssignment([])).toEqual({});
    expect(listSlots({ ...importCurl('curl https://a.example').original })).toEqual([]);
  });
});
