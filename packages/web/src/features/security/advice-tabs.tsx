// The tabs of one advice on a component card (report-page §2 "Card tabs"): Mitigation first when the
// advice is excluded, else Description (markdown, sanitised); Affected components; More info only with
// links; AI only with the assistant (§6 hasChaiFeature and chat enabled; §4: opening it starts the
// conversation, kept while the details stay open); Hierarchy indented 10 px per level; Locations;
// Actions (§6: authorised roles only). The description scrolls inside a capped, labelled region.
import { Anchor, Badge, Button, Group, List, Stack, Tabs, Text, Tooltip } from '@mantine/core'
import type { Advice } from '@sextant/contract'
import { type ReactNode, useState } from 'react'
import ReactMarkdown from 'react-markdown'
import rehypeSanitize from 'rehype-sanitize'
import { REASON_ACTIONS, type SecurityReason } from '../../shared/exclusions/exclusion-model'
import { UNAUTHORISED_TOOLTIP } from '../../shared/report/report-access'
import {
  AUTO_MITIGATION_NOTE,
  adviceDescriptionBody,
  type ComponentReport,
  cardTabs,
  HIERARCHY_INDENT_PX,
  hierarchyNodeLabel,
  isAutomaticExclusion,
} from '../../shared/report/security-model'
import { LearnMorePanel, SysadminPanel } from './advice-learn-more'
import { AssistantChat } from './assistant-chat'
import { type AdviceContext, type AssistantSource, useAssistantChat } from './use-assistant'

interface AdviceTabsProps {
  advice: Advice
  component: ComponentReport
  canAct: boolean
  onAction: (reason: SecurityReason) => void
  /** Where the AI tab's conversation starts from; null hides the tab (assistant not available). */
  assistant: (AdviceContext & { source: AssistantSource }) | null
  /** More actions after the exclusion buttons (the Jira issue, §6 jira feature). */
  extraActions?: ReactNode
  /** §6: the 'Learn more' tab (securecodewarrior feature, with a CWE) and the 'SA' tab (system administrators). */
  learnMore?: boolean
  sysadmin?: boolean
  /** §6: the Actions tab only in private mode. */
  actions?: boolean
}

function field(value: unknown, key: string): string {
  if (typeof value !== 'object' || value === null) return ''
  const found = (value as Record<string, unknown>)[key]
  return typeof found === 'string' ? found : ''
}

export function AdviceTabs({
  advice,
  component,
  canAct,
  onAction,
  assistant,
  extraActions,
  learnMore = false,
  sysadmin = false,
  actions = true,
}: AdviceTabsProps) {
  const tabs = cardTabs(advice, { assistant: assistant !== null, learnMore, sysadmin, actions })
  const [tab, setTab] = useState<string | null>(tabs[0]?.value ?? 'description')
  const chat = useAssistantChat(assistant ?? { projectId: '', reportId: '', adviceId: advice.id })
  return (
    <Tabs value={tab} onChange={setTab} keepMounted={false} variant="outline" radius="sm">
      <Tabs.List className="advice-tab-list">
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value} fz="xs" px="sm" py={6}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value="mitigation" pt="sm">
        <Stack gap={4}>
          {(advice.exclusions ?? []).map((exclusion, index) =>
            isAutomaticExclusion(exclusion) ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: exclusions of an advice have no id of their own on the report
              <Stack key={index} gap={4} data-testid="auto-mitigation">
                <Group gap={6}>
                  <Badge size="sm" variant="light" color="teal">
                    Automatic mitigation
                  </Badge>
                  <Text size="sm">{field(exclusion, 'description')}</Text>
                </Group>
                <Text size="xs" c="dimmed">
                  {AUTO_MITIGATION_NOTE}
                </Text>
              </Stack>
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: exclusions of an advice have no id of their own on the report
              <Text key={index} size="sm">
                <b>{field(exclusion, 'reason') || 'excluded'}</b>
                {field(exclusion, 'description') ? `: ${field(exclusion, 'description')}` : ''}
              </Text>
            ),
          )}
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="description" pt="sm">
        {/* A long advisory scrolls inside the card (keyboard-focusable, labelled) instead of growing it. */}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe scrollable-region-focusable) */}
        <section className="markdown-body advice-description" tabIndex={0} aria-label="Advisory description">
          <ReactMarkdown rehypePlugins={[rehypeSanitize]}>
            {adviceDescriptionBody(advice) || 'No description.'}
          </ReactMarkdown>
        </section>
        {advice.fixedInVersions.length > 0 ? (
          <Text size="sm">Fixed in: {advice.fixedInVersions.join(', ')}</Text>
        ) : null}
      </Tabs.Panel>
      {assistant ? (
        <Tabs.Panel value="ai" pt="sm">
          <AssistantChat state={chat.state} onStart={chat.start} onAsk={chat.ask} source={assistant.source} />
        </Tabs.Panel>
      ) : null}
      <Tabs.Panel value="affected" pt="sm">
        <Text size="sm">
          {advice.affectedComponents.length > 0
            ? advice.affectedComponents.join(', ')
            : `${component.dependency.library.displayName}@${component.dependency.version}`}
        </Text>
      </Tabs.Panel>
      <Tabs.Panel value="info" pt="sm">
        <List size="sm" spacing={2}>
          {advice.links.map((link) => (
            <List.Item key={link.url}>
              <Text span size="xs" c="dimmed" mr={6}>
                {link.type}
              </Text>
              <Anchor
                href={link.url}
                target="_blank"
                rel="noopener noreferrer"
                size="sm"
                style={{ wordBreak: 'break-all' }}
              >
                {link.url}
              </Anchor>
            </List.Item>
          ))}
        </List>
      </Tabs.Panel>
      <Tabs.Panel value="hierarchy" pt="sm">
        <Stack gap={8} data-testid="hierarchy">
          {component.hierarchy.length === 0 ? <Text size="sm">Direct dependency of the project.</Text> : null}
          {component.hierarchy.slice(0, 20).map((path) => (
            <div key={path.join('>')}>
              {path.map((node, level) => (
                <Text
                  key={path.slice(0, level + 1).join('>')}
                  size="xs"
                  ff="monospace"
                  style={{ paddingLeft: level * HIERARCHY_INDENT_PX }}
                >
                  {level > 0 ? '└ ' : ''}
                  {hierarchyNodeLabel(node)}
                </Text>
              ))}
            </div>
          ))}
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="locations" pt="sm">
        {component.locations.length === 0 ? <Text size="sm">No location recorded.</Text> : null}
        {component.locations.map((location) => (
          <Text key={`${location.file}:${location.line ?? ''}`} size="xs" ff="monospace">
            {location.file}
            {location.line ? `:${location.line}` : ''}
          </Text>
        ))}
      </Tabs.Panel>
      <Tabs.Panel value="actions" pt="sm">
        <Group gap="xs">
          {REASON_ACTIONS.map(({ reason, label }) => (
            <Tooltip key={reason} label={UNAUTHORISED_TOOLTIP} disabled={canAct}>
              <span>
                <Button
                  size="xs"
                  variant="light"
                  disabled={!canAct}
                  onClick={() => onAction(reason)}
                  data-testid={`action-${reason}`}
                >
                  {label}
                </Button>
              </span>
            </Tooltip>
          ))}
        </Group>
        {extraActions ? <Group mt="sm">{extraActions}</Group> : null}
      </Tabs.Panel>
      {learnMore && advice.cwe ? (
        <Tabs.Panel value="learn" pt="sm">
          <LearnMorePanel cwe={advice.cwe} />
        </Tabs.Panel>
      ) : null}
      {sysadmin ? (
        <Tabs.Panel value="sa" pt="sm">
          <SysadminPanel
            advice={advice}
            component={`${component.dependency.library.displayName}@${component.dependency.version}`}
          />
        </Tabs.Panel>
      ) : null}
    </Tabs>
  )
}
