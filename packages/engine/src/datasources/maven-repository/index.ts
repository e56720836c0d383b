// Maven repository datasource (DESIGN §4 datasources): metadata and POMs over an injected fetch,
// the licences they declare, plus the safe XML reader the Maven resolver shares.
export { mavenRepositoryDatasource } from './datasource'
export { pomLicences as mavenPomLicences } from './licences'
export { type MavenMetadata, parseMavenMetadata } from './metadata'
export {
  MAVEN_ACCEPT,
  MAVEN_CENTRAL,
  type MavenCoordinates,
  type MavenPom,
  MavenRepository,
  type MavenRepositoryOptions,
  type MavenRepositoryProblem,
  parseRepositoryList as parseMavenRepositoryList,
} from './repository'
export {
  childElement as mavenXmlChild,
  childElements as mavenXmlChildren,
  childText as mavenXmlText,
  childTexts as mavenXmlTexts,
  lineAt as mavenXmlLineAt,
  parseXml as parseMavenXml,
  type XmlElement as MavenXmlElement,
  type XmlNote as MavenXmlNote,
  type XmlParseResult as MavenXmlParseResult,
  type XmlValue as MavenXmlValue,
} from './xml'
