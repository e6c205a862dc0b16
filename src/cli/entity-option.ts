import { Option } from 'commander';

const collect = (value: string, previous: string[]) => [...previous, value];

/**
 * --entity, repeatable, for validate, build and the commands that send: its default is where records are looked up
 * when none is given, said once in --help (a plain `[]` default made commander print a second "(default: [])").
 */
export const entityOption = (description: string): Option =>
  new Option('--entity <file>', description).argParser(collect).default([], '.pintae/entities/<entity_id>.json');
