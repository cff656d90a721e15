/** A backup or restore that stops with a reason for the operator (Dutch); the CLI prints it and exits with 1. */
export class BackupRefused extends Error {}
