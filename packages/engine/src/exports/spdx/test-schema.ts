// Test support (issue 19 acceptance 3): the SPDX 2.3 JSON document rules for what Sextant writes, as a JSON
// Schema checked by ajv. The official schema (spdx/spdx-spec schemas/spdx-schema.json) ships in no package
// installed here, so this is our transcription of its document, package, checksum and relationship parts:
// the same required fields, patterns, enums and `additionalProperties: false`. Files and snippets, which
// Sextant never writes, are left out (and so refused).
import Ajv2020 from 'ajv/dist/2020'

const DATE =
  '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])T(([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]|23:59:60)Z$'
const CHECKSUM_ALGORITHMS = [
  'SHA1',
  'BLAKE3',
  'SHA3-384',
  'SHA256',
  'SHA384',
  'BLAKE2b-512',
  'BLAKE2b-256',
  'SHA3-512',
  'MD2',
  'ADLER32',
  'MD4',
  'SHA3-256',
  'BLAKE2b-384',
  'SHA512',
  'MD6',
  'MD5',
  'SHA224',
]
const RELATIONSHIP_TYPES = [
  'VARIANT_OF',
  'COPY_OF',
  'PATCH_FOR',
  'TEST_DEPENDENCY_OF',
  'CONTAINED_BY',
  'DATA_FILE_OF',
  'OPTIONAL_COMPONENT_OF',
  'ANCESTOR_OF',
  'GENERATES',
  'CONTAINS',
  'OPTIONAL_DEPENDENCY_OF',
  'FILE_ADDED',
  'REQUIREMENT_DESCRIPTION_FOR',
  'DEV_DEPENDENCY_OF',
  'DEPENDENCY_OF',
  'BUILD_DEPENDENCY_OF',
  'DESCRIBES',
  'PREREQUISITE_FOR',
  'HAS_PREREQUISITE',
  'PROVIDED_DEPENDENCY_OF',
  'DYNAMIC_LINK',
  'DESCRIBED_BY',
  'METAFILE_OF',
  'DEPENDENCY_MANIFEST_OF',
  'PATCH_APPLIED',
  'RUNTIME_DEPENDENCY_OF',
  'TEST_OF',
  'TEST_TOOL_OF',
  'DEPENDS_ON',
  'SPECIFICATION_FOR',
  'FILE_MODIFIED',
  'DISTRIBUTION_ARTIFACT',
  'AMENDS',
  'DOCUMENTATION_OF',
  'GENERATED_FROM',
  'STATIC_LINK',
  'OTHER',
  'BUILD_TOOL_OF',
  'TEST_CASE_OF',
  'PACKAGE_OF',
  'DESCENDANT_OF',
  'FILE_DELETED',
  'EXPANDED_FROM_ARCHIVE',
  'DEV_TOOL_OF',
  'EXAMPLE_OF',
]
const PURPOSES = [
  'OTHER',
  'INSTALL',
  'ARCHIVE',
  'FIRMWARE',
  'APPLICATION',
  'FRAMEWORK',
  'LIBRARY',
  'CONTAINER',
  'SOURCE',
  'DEVICE',
  'OPERATING-SYSTEM',
  'FILE',
]
const str = { type: 'string' }

const packageSchema = {
  type: 'object',
  properties: {
    SPDXID: { type: 'string', pattern: '^SPDXRef-[a-zA-Z0-9.-]+$' },
    name: str,
    versionInfo: str,
    downloadLocation: str,
    filesAnalyzed: { type: 'boolean' },
    licenseConcluded: str,
    licenseDeclared: str,
    copyrightText: str,
    supplier: str,
    originator: str,
    primaryPackagePurpose: { type: 'string', enum: PURPOSES },
    checksums: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          algorithm: { type: 'string', enum: CHECKSUM_ALGORITHMS },
          checksumValue: { type: 'string', pattern: '^[0-9a-fA-F]+$' },
        },
        required: ['algorithm', 'checksumValue'],
        additionalProperties: false,
      },
    },
    externalRefs: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          comment: str,
          referenceCategory: {
            type: 'string',
            enum: [
              'OTHER',
              'PERSISTENT-ID',
              'PERSISTENT_ID',
              'SECURITY',
              'PACKAGE-MANAGER',
              'PACKAGE_MANAGER',
            ],
          },
          referenceLocator: str,
          referenceType: str,
        },
        required: ['referenceCategory', 'referenceLocator', 'referenceType'],
        additionalProperties: false,
      },
    },
  },
  required: ['SPDXID', 'downloadLocation', 'name'],
  additionalProperties: false,
}

const documentSchema = {
  type: 'object',
  properties: {
    $schema: str,
    SPDXID: str,
    spdxVersion: str,
    dataLicense: str,
    name: str,
    documentNamespace: str,
    comment: str,
    creationInfo: {
      type: 'object',
      properties: {
        comment: str,
        created: { type: 'string', pattern: DATE },
        creators: { type: 'array', minItems: 1, items: str },
        licenseListVersion: str,
      },
      required: ['created', 'creators'],
      additionalProperties: false,
    },
    packages: { type: 'array', items: packageSchema },
    relationships: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          spdxElementId: str,
          relatedSpdxElement: str,
          comment: str,
          relationshipType: { type: 'string', enum: RELATIONSHIP_TYPES },
        },
        required: ['spdxElementId', 'relatedSpdxElement', 'relationshipType'],
        additionalProperties: false,
      },
    },
  },
  required: ['SPDXID', 'creationInfo', 'dataLicense', 'name', 'spdxVersion', 'documentNamespace'],
  additionalProperties: false,
}

const validate = new Ajv2020({ allErrors: true }).compile(documentSchema)

/** What the SPDX 2.3 rules find wrong with `doc`, or null when it follows them. */
export function spdxSchemaErrors(doc: unknown): string | null {
  return validate(doc) ? null : JSON.stringify(validate.errors)
}
