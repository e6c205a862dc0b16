import { Help, type Command, type Option } from 'commander';

/** A command's option groups by long flag (`--entity` → `Input`), with each flag's place in the listing. */
const GROUPS = new WeakMap<Command, Map<string, { title: string; rank: number }>>();
const ORDER = new WeakMap<Command, string[]>();

/**
 * Lists the command's options under the given titles in its help (commander 12 has no option groups of its own). An
 * option is listed in its group's order; one named in no group, such as --help, goes under "Other" (under "Options"
 * when no group is given), so an option added later is never hidden by a missing entry.
 */
export function groupOptions(cmd: Command, groups: Record<string, string[]>): Command {
  const byFlag = new Map<string, { title: string; rank: number }>();
  for (const [title, flags] of Object.entries(groups)) for (const flag of flags) byFlag.set(flag, { title, rank: byFlag.size });
  GROUPS.set(cmd, byFlag);
  ORDER.set(cmd, Object.keys(groups));
  return cmd;
}

/**
 * Ends the command's help with its notes (exit codes, authentication), then two or three examples, each a comment
 * saying what it does over the command line: the examples are what a reader looks for last.
 */
export function helpEnd(cmd: Command, examples: Array<[what: string, command: string]>, notes = ''): Command {
  const lines = examples.flatMap(([what, command]) => [`  # ${what}`, `  ${command}`]);
  return cmd.addHelpText('after', `${notes}\n\nExamples:\n${lines.join('\n')}`.replace(/^\n+/, '\n'));
}

/** The help layout every command inherits: commander's own, with the options in groups. */
export const helpConfiguration: Partial<Help> = {
  // An empty list as a default (repeatable options start from []) says nothing; the description gives the real one.
  optionDescription(option: Option): string {
    return Help.prototype.optionDescription.call(this, option).replace(' (default: [])', '');
  },
  formatHelp(cmd: Command, helper: Help): string {
    const termWidth = helper.padWidth(cmd, helper);
    const helpWidth = helper.helpWidth ?? 80;
    const item = (term: string, description: string) => (description
      ? helper.wrap(`${term.padEnd(termWidth + 2)}${description}`, helpWidth - 2, termWidth + 2) : term);
    const section = (title: string, items: string[]) => (items.length ? [`${title}:`, items.join('\n').replace(/^/gm, '  '), ''] : []);

    const out = [`Usage: ${helper.commandUsage(cmd)}`, ''];
    const description = helper.commandDescription(cmd);
    if (description) out.push(helper.wrap(description, helpWidth, 0), '');
    out.push(...section('Arguments', helper.visibleArguments(cmd).map((a) => item(helper.argumentTerm(a), helper.argumentDescription(a)))));

    const byFlag = GROUPS.get(cmd);
    const titles = [...(ORDER.get(cmd) ?? []), byFlag ? 'Other' : 'Options'];
    const grouped = new Map<string, Array<{ rank: number; text: string }>>(titles.map((t) => [t, []]));
    helper.visibleOptions(cmd).forEach((option, i) => {
      const place = option.long ? byFlag?.get(option.long) : undefined;
      grouped.get(place?.title ?? titles[titles.length - 1]!)!.push({ rank: place?.rank ?? i, text: item(helper.optionTerm(option), helper.optionDescription(option)) });
    });
    for (const [title, items] of grouped) out.push(...section(title, items.sort((a, b) => a.rank - b.rank).map((x) => x.text)));

    out.push(...section('Commands', helper.visibleCommands(cmd).map((c) => item(helper.subcommandTerm(c), helper.subcommandDescription(c)))));
    return out.join('\n');
  },
};
