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

/** Whether Codex runs a hook: it skips a user hook until it is trusted in its `/hooks` screen. */
export const CodexHookTrust = Type.Union([
  Type.Literal('trusted'),
  Type.Literal('untrusted'),
  /** Trusted once, changed since: skipped until trusted again. */
  Type.Literal('modified'),
  Type.Literal('disabled'),
]);
export type CodexHookTrust = Type.Static<typeof CodexHookTrust>;

/** Ringback's Stop hook in one agent's hook file, as `GET /status` reports it. */
export const AgentHookStatus = Type.Object({
  path: Type.String(),
  installed: Type.Boolean(),
  /** Codex, when installed: whether Codex currently runs it. */
  trust: Type.Optional(CodexHookTrust),
  /** Why the file (or Codex's `config.toml`) could not be read. */
  problem: Type.Optional(Type.String()),
  /**
   * Ringback's PermissionRequest hook in the same file (absent from daemons before permission
   * calls): whether it is installed, the agent's per-hook timeout it has (seconds), and for
   * Codex whether Codex runs it (each hook is trusted on its own).
   */
  permission: Type.Optional(
    Type.Object({
      installed: Type.Boolean(),
      timeoutSeconds: Type.Optional(Type.Number()),
      trust: Type.Optional(CodexHookTrust),
    }),
  ),
});
export type AgentHookStatus = Type.Static<typeof AgentHookStatus>;

/** `GET /status` `hooks`: the Stop hook of each agent. */
export const HooksStatus = Type.Object({ claudeCode: AgentHookStatus, codex: AgentHookStatus });
export type HooksStatus = Type.Static<typeof HooksStatus>;

/** `GET /status` (bearer, and through the relay): what `ringback status` prints about a running daemon. */
export const DaemonStatus = Type.Object({
  pid: Type.Integer(),
  startedAt: Type.String(),
  localPort: Type.Integer(),
  dataDir: Type.String(),
  llm: Type.Union([
    Type.Object({ model: Type.String(), baseUrl: Type.String(), structuredOutput: Type.String() }),
    Type.Null(),
  ]),
  briefLanguage: Type.Object({ language: Type.String(), source: Type.String() }),
  e2eKey: Type.Union([Type.Object({ keyId: Type.String(), source: Type.String() }), Type.Null()]),
  relay: Type.Union([
    Type.Object({
      serverUrl: Type.String(),
      /** Whether the daemon's WebSocket to the relay is up (replies and relayed settings). */
      linked: Type.Optional(Type.Boolean()),
    }),
    Type.Null(),
  ]),
  outbox: Type.Object({ pending: Type.Integer(), byState: Type.Record(Type.String(), Type.Integer()) }),
  /** Whether each agent runs the Stop hook (Codex: only once trusted in its /hooks screen). */
  hooks: Type.Optional(HooksStatus),
});
export type DaemonStatus = Type.Static<typeof DaemonStatus>;

/** `POST /local/login` (local only): log the running daemon in to a relay. */
export const LocalLoginBody = Type.Object(
  {
    server: Type.Optional(Type.String({ maxLength: 2000 })),
    join: Type.Optional(Type.String({ maxLength: 4000 })),
    claimCode: Type.Optional(Type.String({ maxLength: 64 })),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 80 })),
  },
  { additionalProperties: false },
);

export type LocalLoginBody = Type.Static<typeof LocalLoginBody>;

/** `POST /local/login` reply: the account and device this computer now is. */
export const LocalLoginReply = Type.Object({
  serverUrl: Type.String(),
  accountId: Type.String(),
  deviceId: Type.String(),
  joined: Type.Boolean(),
  keyFromLink: Type.Boolean(),
});

export type LocalLoginReply = Type.Static<typeof LocalLoginReply>;

/** `POST /local/pairing` (local only): what the desktop app needs to join this computer's account. */
export const PairingOffer = Type.Object({
  serverUrl: Type.String(),
  code: Type.String(),
  key: Type.String(),
  expiresAt: Type.String(),
  link: Type.String(),
});
export type PairingOffer = Type.Static<typeof PairingOffer>;
