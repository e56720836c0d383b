// The error a bad configuration stops the start with (issue 2 "Server"; README "Configuration"): its
// message names every bad variable and is printed as it is. Apart from config.ts so that the launch
// entry (launch.ts) can name it without loading Config's modules (issue 18 acceptance 6).
export class ConfigError extends Error {}
