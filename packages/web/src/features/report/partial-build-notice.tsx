// The partial-build banner (report-page §4 PARTIAL; issue 14 "the partial-build banner says what is
// missing"): each part the analysis could not assess, the domains it leaves incomplete, a few examples.
import { Code, List, Text } from '@mantine/core'
import type { Report } from '@sextant/contract'
import { gapLines } from '../../shared/report/assessment-view'
import { InlineNotice } from '../../ui/status-panel'

export function PartialBuildNotice({ report }: { report: Report }) {
  const lines = gapLines(report)
  return (
    <InlineNotice
      title="WE ENCOUNTERED SOME ISSUES WITH THE BUILD"
      tone="warning"
      testId="report-status-banner"
      details={
        lines.length > 0 ? (
          <List size="sm" mt="xs" spacing={6} data-testid="report-gaps">
            {lines.map((line) => (
              <List.Item key={line.key} data-testid="report-gap">
                <Text size="sm" span>
                  {line.message}{' '}
                  <Text span c="dimmed" size="sm">
                    (affects {line.domains})
                  </Text>
                </Text>
                {line.examples.length > 0 ? (
                  <Text size="xs" c="dimmed" mt={2}>
                    {line.examples.map((example, i) => (
                      <Code key={example} fz="xs" mr={4} style={{ wordBreak: 'break-all' }}>
                        {example}
                        {i === line.examples.length - 1 && line.more > 0 ? ` and ${line.more} more` : ''}
                      </Code>
                    ))}
                  </Text>
                ) : null}
              </List.Item>
            ))}
          </List>
        ) : null
      }
    >
      Part of the project could not be assessed: the scores of the domains it affects read n/a and the report
      does not pass on them. What is missing:
    </InlineNotice>
  )
}
