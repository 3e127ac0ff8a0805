import { Type } from 'typebox';

/** How the daemon asks the LLM for structured output; independent of provider and model. */
export const StructuredOutputMode = Type.Union([Type.Literal('json_schema'), Type.Literal('json_object')]);
export type StructuredOutputMode = Type.Static<typeof StructuredOutputMode>;

/** The LLM channel as the local API returns it: the key only as a hint. */
export const LlmChannel = Type.Object({
  baseUrl: Type.String(),
  model: Type.String(),
  keyHint: Type.String(),
  structuredOutput: StructuredOutputMode,
});
export type LlmChannel = Type.Static<typeof LlmChannel>;

/** `GET/PUT/DELETE /llm/settings` reply; `channel` is null when nothing is configured. */
export const LlmSettingsReply = Type.Object({ channel: Type.Union([LlmChannel, Type.Null()]) });
export type LlmSettingsReply = Type.Static<typeof LlmSettingsReply>;

/** `PUT /llm/settings` body. Without `apiKey` the saved key is kept. */
export const LlmSettingsUpdate = Type.Object({
  baseUrl: Type.String({ minLength: 1, maxLength: 2048 }),
  apiKey: Type.Optional(Type.String({ minLength: 1, maxLength: 4096 })),
  model: Type.String({ minLength: 1, maxLength: 256 }),
  structuredOutput: Type.Optional(StructuredOutputMode),
});
export type LlmSettingsUpdate = Type.Static<typeof LlmSettingsUpdate>;

export const BriefLanguageSource = Type.Union([Type.Literal('app'), Type.Literal('system')]);
export type BriefLanguageSource = Type.Static<typeof BriefLanguageSource>;

/** `GET /brief/language` (and the `PUT` reply). */
export const BriefLanguageReply = Type.Object({ language: Type.String(), source: BriefLanguageSource });
export type BriefLanguageReply = Type.Static<typeof BriefLanguageReply>;

export const BriefLanguageUpdate = Type.Object({ language: Type.String({ minLength: 1, maxLength: 35 }) });
export type BriefLanguageUpdate = Type.Static<typeof BriefLanguageUpdate>;

/** Where the end-to-end key came from. */
export const E2eKeySource = Type.Union([
  Type.Literal('random'),
  Type.Literal('passphrase'),
  Type.Literal('key'),
]);
export type E2eKeySource = Type.Static<typeof E2eKeySource>;

/** `GET /e2e/key` (local only). */
export const E2eKeyReply = Type.Object({
  key: Type.String(),
  keyId: Type.String(),
  source: E2eKeySource,
  updatedAt: Type.String(),
});
export type E2eKeyReply = Type.Static<typeof E2eKeyReply>;

/** `PUT /e2e/key` body: exactly one of passphrase, key or random (checked by the handler). */
export const E2eKeyUpdate = Type.Object(
  {
    passphrase: Type.Optional(Type.String({ maxLength: 1024 })),
    key: Type.Optional(Type.String({ maxLength: 256 })),
    random: Type.Optional(Type.Literal(true)),
  },
  { additionalProperties: false },
);
export type E2eKeyUpdate = Type.Static<typeof E2eKeyUpdate>;

/** `PUT /e2e/key` reply: the new key's id; the key itself is read with `GET /e2e/key`. */
export const E2eKeyUpdated = Type.Object({
  keyId: Type.String(),
  source: E2eKeySource,
  updatedAt: Type.String(),
});
export type E2eKeyUpdated = Type.Static<typeof E2eKeyUpdated>;
