import { type ReactNode, useState } from 'react';
import { useText } from '../../i18n';
import { AgentPresence } from './AgentPresence';
import { PickerSheet } from './PickerSheet';
import type { DispatchAgentOption, DispatchProjectOption, DispatchWorkspaceOption } from './types';

export type Props = {
  workspaces: DispatchWorkspaceOption[];
  workspaceId: string | null;
  projects: DispatchProjectOption[];
  projectId: string | null;
  agents: DispatchAgentOption[];
  agentId: string | null;
  /** The agent row is only for new issues: a comment goes to the assigned agent. */
  showAgent: boolean;
  onPickWorkspace: (id: string) => void;
  onPickProject: (id: string) => void;
  onPickAgent: (id: string) => void;
};

type Sheet = 'workspace' | 'project' | 'agent' | null;

/** The card of choices (workspace when several, project, agent); each row opens a bottom panel. */
export function DispatchTargetRows(props: Props) {
  const t = useText();
  const [sheet, setSheet] = useState<Sheet>(null);
  const workspace = props.workspaces.find((item) => item.id === props.workspaceId);
  const project = props.projects.find((item) => item.id === props.projectId);
  const agent = props.agents.find((item) => item.id === props.agentId);
  const close = (open: boolean) => {
    if (!open) setSheet(null);
  };

  return (
    <>
      <ul className="rb-list rb-settings-rows rb-dispatch-rows">
        {props.workspaces.length > 1 && (
          <Row label={t('Workspace')} onOpen={() => setSheet('workspace')}>
            {workspace?.name}
          </Row>
        )}
        <Row label={t('Project')} onOpen={() => setSheet('project')}>
          {project?.title}
        </Row>
        {props.showAgent && (
          <Row label={t('Agent')} onOpen={() => setSheet('agent')}>
            {agent && (
              <>
                {agent.name} <AgentPresence online={agent.online} />
              </>
            )}
          </Row>
        )}
      </ul>
      <PickerSheet
        open={sheet === 'workspace'}
        title={t('Workspace')}
        options={props.workspaces.map((item) => ({ id: item.id, label: item.name }))}
        selectedId={props.workspaceId}
        emptyText={t('No watched workspaces.')}
        onPick={props.onPickWorkspace}
        onOpenChange={close}
      />
      <PickerSheet
        open={sheet === 'project'}
        title={t('Project')}
        options={props.projects.map((item) => ({ id: item.id, label: item.title }))}
        selectedId={props.projectId}
        emptyText={t('This workspace has no open projects.')}
        onPick={props.onPickProject}
        onOpenChange={close}
      />
      <PickerSheet
        open={sheet === 'agent'}
        title={t('Agent')}
        options={props.agents.map((item) => ({
          id: item.id,
          label: item.name,
          dimmed: !item.online,
          detail: <AgentPresence online={item.online} />,
        }))}
        selectedId={props.agentId}
        emptyText={t('This workspace has no agents.')}
        onPick={props.onPickAgent}
        onOpenChange={close}
      />
    </>
  );
}

function Row({ label, onOpen, children }: { label: string; onOpen: () => void; children: ReactNode }) {
  const t = useText();
  const chosen = children !== undefined && children !== null && children !== false;
  return (
    <li>
      <button type="button" className="rb-settings-row" aria-haspopup="dialog" onClick={onOpen}>
        <span className="rb-settings-label">{label}</span>
        <span className={`rb-dispatch-choice${chosen ? '' : ' rb-dispatch-choice--none'}`}>
          {chosen ? children : t('Choose…')}
        </span>
        <span className="rb-chevron" aria-hidden="true">
          ›
        </span>
      </button>
    </li>
  );
}
