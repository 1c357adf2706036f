/** Every zone the runtime knows, to pick from in /account (issue 53), listed once per process. */
export const TIME_ZONE_LIST = [...new Set(['UTC', ...Intl.supportedValuesOf('timeZone')])].join(' ');
