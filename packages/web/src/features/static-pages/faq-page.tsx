// /faq: short answers about what this version of Sextant analyses and how its scores read.
import { Accordion } from '@mantine/core'
import { StaticPage } from './static-page'

const QUESTIONS: { q: string; a: string }[] = [
  {
    q: 'Which projects can Sextant analyse?',
    a: 'Java with Maven or Gradle, JavaScript web projects and NodeJS: npm, yarn and pnpm lockfiles, package.json, pom.xml, Gradle lockfiles and build files, and CycloneDX or SPDX SBOMs.',
  },
  {
    q: 'How do I add a project?',
    a: 'Upload an SBOM to /api/v1/uploads/new/sbom-cdx.json, or your manifests and lockfiles to /api/v1/uploads/new/manifests, with a branch parameter. The answer names the new project; its report page appears in your project list as soon as the analysis is done.',
  },
  {
    q: 'What do the three scores mean?',
    a: 'Each score runs from 0 to 100. Security falls with known vulnerabilities, stability with outdated versions, licensing with licence problems against your policies. A score is green at or above the project threshold and red below it.',
  },
  {
    q: 'Why does a report say it is not ready yet?',
    a: 'The first analysis of a branch may take a few minutes. The report page checks again every few seconds and shows the report as soon as it exists.',
  },
  {
    q: 'Does my code leave this server?',
    a: 'No. Sextant reads manifests, lockfiles and SBOMs only; package names and versions may be looked up in public registries when the server is allowed to reach them.',
  },
]

export function FaqPage() {
  return (
    <StaticPage title="Frequently asked questions">
      <Accordion variant="separated" radius="md" multiple defaultValue={[QUESTIONS[0]?.q ?? '']}>
        {QUESTIONS.map(({ q, a }) => (
          <Accordion.Item key={q} value={q}>
            <Accordion.Control fw={600}>{q}</Accordion.Control>
            <Accordion.Panel c="gray.7">{a}</Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </StaticPage>
  )
}
