// "Add project" on /projects.html (report-page §2 Routes; issue 8): a repository URL (POST /api/v1/projects,
// then a refresh of the branch) or an upload of manifests / lockfiles / one CycloneDX SBOM by file picker or
// drag-and-drop (POST /api/v1/uploads/new/…). Either way the processing page follows the analysis until the
// first report opens.
import { Alert, Button, Group, Modal, SegmentedControl, Stack, TextInput } from '@mantine/core'
import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { sdk } from '../../lib/sdk'
import { analysisProgressUrl } from '../../shared/report/analysis-progress-model'
import { FileDropZone } from '../../ui/file-drop-zone'
import { PickedFileList } from './picked-file-list'
import { type PickedFile, pickFiles, planUpload } from './upload-plan'

type Source = 'upload' | 'repository'

const message = (cause: unknown) => (cause instanceof Error ? cause.message : String(cause))

export function AddProjectDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate()
  const [source, setSource] = useState<Source>('upload')
  const [files, setFiles] = useState<File[]>([])
  const [picked, setPicked] = useState<PickedFile[]>([])
  const [url, setUrl] = useState('')
  const [name, setName] = useState('')
  const [branch, setBranch] = useState('main')
  const [error, setError] = useState<string | null>(null)
  // Not useMutationForm: busy is a label that changes between the steps of one submit (upload, add, queue).
  const [busy, setBusy] = useState<string | null>(null)

  const addFiles = async (more: File[]) => {
    const known = new Set(files.map((f) => f.name))
    const next = [...files, ...more.filter((f) => !known.has(f.name))]
    setFiles(next)
    setPicked(await pickFiles(next))
    setError(null)
  }
  const removeFile = (index: number) => {
    setFiles(files.filter((_, i) => i !== index))
    setPicked(picked.filter((_, i) => i !== index))
  }
  const branchName = branch.trim() || 'main'
  const projectName = name.trim() || undefined

  const upload = async () => {
    const plan = planUpload(picked)
    if (plan.kind === 'invalid') return setError(plan.message)
    setBusy(`Uploading ${files.length} file${files.length === 1 ? '' : 's'}…`)
    const query = { branch: branchName, name: projectName }
    const answer =
      plan.kind === 'sbom'
        ? await sdk.uploadSbom('new', files[plan.index] as File, query)
        : await sdk.uploadManifests(
            'new',
            files.map((file, i) => ({ path: picked[i]?.path ?? file.name, content: file })),
            query,
          )
    navigate(
      analysisProgressUrl({
        pid: answer.projectUuid,
        branch: answer.branch,
        analysisUuid: answer.analysisUuid,
        source: 'upload',
      }),
    )
  }
  const addRepository = async () => {
    if (!url.trim())
      return setError('Enter the address of the repository, e.g. https://example.org/team/app.git')
    setBusy('Adding the repository…')
    const project = await sdk.call('projectCreate', {
      body: { url: url.trim(), name: projectName, branch: branchName },
    })
    setBusy('Queueing the first analysis…')
    const queued = await sdk.call('projectRefresh', {
      params: { id: project.uuid },
      query: { branch: branchName },
    })
    navigate(
      analysisProgressUrl({
        pid: project.uuid,
        branch: queued.branch,
        analysisUuid: queued.analysisUuid,
        source: 'repository',
      }),
    )
  }
  const submit = async () => {
    setError(null)
    try {
      await (source === 'upload' ? upload() : addRepository())
    } catch (cause) {
      setError(message(cause))
    } finally {
      setBusy(null)
    }
  }

  return (
    <Modal opened onClose={onClose} title="Add project" size="lg" data-testid="add-project-dialog">
      <Stack gap="md">
        <SegmentedControl
          value={source}
          onChange={(value) => {
            setSource(value as Source)
            setError(null)
          }}
          data={[
            { value: 'upload', label: 'Upload files' },
            { value: 'repository', label: 'Repository URL' },
          ]}
          aria-label="How to add the project"
        />
        {source === 'upload' ? (
          <>
            <FileDropZone
              label="Drop manifests and lockfiles, or one CycloneDX SBOM, here, or click to choose files"
              hint="package.json with package-lock.json, yarn.lock or pnpm-lock.yaml; pom.xml; build.gradle with its lockfile; a CycloneDX JSON SBOM"
              onFiles={(more) => void addFiles(more)}
              disabled={busy !== null}
              testId="upload-drop-zone"
            />
            <PickedFileList files={picked} plan={planUpload(picked)} onRemove={removeFile} />
          </>
        ) : (
          <TextInput
            label="Repository URL"
            description="Sextant clones the branch (shallow) and analyses it."
            placeholder="https://example.org/team/app.git"
            value={url}
            onChange={(event) => setUrl(event.currentTarget.value)}
            data-testid="repository-url"
            data-autofocus
          />
        )}
        <Group grow align="flex-start">
          <TextInput
            label="Project name"
            description="Optional; taken from the files or the URL otherwise."
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            data-testid="project-name-input"
          />
          <TextInput
            label="Branch"
            description="The branch this report belongs to."
            value={branch}
            onChange={(event) => setBranch(event.currentTarget.value)}
            data-testid="project-branch-input"
          />
        </Group>
        {error ? (
          <Alert color="red" variant="light" role="alert" data-testid="add-project-error">
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy !== null}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} loading={busy !== null} data-testid="add-project-submit">
            {source === 'upload' ? 'Upload and analyse' : 'Add and analyse'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
