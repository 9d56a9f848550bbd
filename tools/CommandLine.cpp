//===- CommandLine.cpp - Conventions of the command line ------------------===//

#include "tools/CommandLine.h"

#include "checks/CheckRegistry.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <iostream>

using namespace memlint;

int memlint::usageError(const std::string &message) {
  llvm::WithColor::error(llvm::errs(), "mlir-memlint") << message << "\n";
  return 2;
}

/// The long option names of `app` and of its subcommands ("checks").
static std::set<std::string> collectLongNames(CLI::App &app) {
  std::set<std::string> names;
  std::vector<CLI::App *> apps{&app};
  for (CLI::App *sub : app.get_subcommands([](CLI::App *) { return true; }))
    apps.push_back(sub);
  for (CLI::App *a : apps)
    for (const CLI::Option *option :
         a->get_options([](const CLI::Option *) { return true; }))
      for (const std::string &name : option->get_lnames())
        names.insert(name);
  names.insert("help");
  names.insert("version");
  return names;
}

/// The subcommand names of `app`.
static std::set<std::string> collectSubcommands(CLI::App &app) {
  std::set<std::string> names;
  for (CLI::App *sub : app.get_subcommands([](CLI::App *) { return true; }))
    names.insert(sub->get_name());
  return names;
}

/// argv with `-name` and `-name=value` turned into `--name...` where `name`
/// is a long option (mlir-opt's and clang-tidy's spelling); values, short
/// options and everything after `--` are left alone.
static std::vector<std::string>
normalizeDashes(int argc, char **argv, const std::set<std::string> &longNames) {
  std::vector<std::string> args(argv, argv + argc);
  for (size_t i = 1; i < args.size(); ++i) {
    llvm::StringRef arg = args[i];
    if (arg == "--")
      break;
    if (arg.size() <= 2 || !arg.starts_with("-") || arg.starts_with("--"))
      continue;
    std::string name = arg.drop_front().split('=').first.str();
    if (longNames.count(name))
      args[i] = "-" + args[i];
  }
  return args;
}

std::optional<std::string>
memlint::closestName(llvm::StringRef name,
                     const std::set<std::string> &candidates) {
  llvm::SmallVector<llvm::StringRef> names(candidates.begin(), candidates.end());
  if (std::optional<llvm::StringRef> best = findClosestName(name, names))
    return best->str();
  return std::nullopt;
}

/// "; did you mean '--checks'?" for the first unknown long option of `args`.
static std::string suggestFlag(const std::vector<std::string> &args,
                               const std::set<std::string> &longNames) {
  for (size_t i = 1; i < args.size(); ++i) {
    llvm::StringRef arg = args[i];
    if (arg == "--")
      break;
    if (!arg.starts_with("--"))
      continue;
    llvm::StringRef name = arg.drop_front(2).split('=').first;
    if (name.empty() || longNames.count(name.str()))
      continue;
    std::optional<std::string> best = closestName(name, longNames);
    if (!best)
      return "";
    llvm::StringRef value = arg.split('=').second;
    bool hasValue = arg.contains('=');
    return "; did you mean '--" + *best +
           (hasValue ? "=" + value.str() : "") + "'?";
  }
  return "";
}

/// The first input of `app` (its positional) and the subcommand it probably
/// meant, when it is not a file, does not look like a path and is close to
/// a subcommand name.
static std::optional<std::pair<std::string, std::string>>
findMistypedSubcommand(const CLI::App &app,
                       const std::set<std::string> &subcommands) {
  for (const CLI::Option *option :
       app.get_options([](const CLI::Option *o) { return o->get_positional(); })) {
    if (option->results().empty())
      continue;
    llvm::StringRef first = option->results().front();
    if (first.contains('.') || first.contains('/') ||
        llvm::sys::fs::exists(first))
      return std::nullopt;
    if (std::optional<std::string> best = closestName(first, subcommands))
      return std::pair{first.str(), *best};
    return std::nullopt;
  }
  return std::nullopt;
}

std::string memlint::wrapHelp(llvm::StringRef text, unsigned width) {
  std::string out;
  llvm::SmallVector<llvm::StringRef> lines;
  text.split(lines, '\n');
  for (size_t l = 0; l < lines.size(); ++l) {
    llvm::StringRef line = lines[l];
    if (l)
      out += '\n';
    if (line.size() <= width) {
      out += line.str();
      continue;
    }
    // The description starts after the first run of two or more spaces
    // that follows text (an option line), or at the first non-space (a
    // continuation line or a paragraph).
    size_t indent = line.find_first_not_of(' ');
    size_t gap = line.find("  ", indent);
    if (gap != llvm::StringRef::npos && indent > 0)
      indent = line.find_first_not_of(' ', gap);
    if (indent == llvm::StringRef::npos || indent + 20 > width)
      indent = 0;
    size_t pos = 0;
    bool first = true;
    while (pos < line.size()) {
      size_t avail = width - (first ? 0 : indent);
      llvm::StringRef rest = line.substr(pos);
      if (!first)
        rest = rest.ltrim(' ');
      if (rest.size() <= avail) {
        if (!first)
          out += std::string(indent, ' ');
        out += rest.str();
        break;
      }
      // Break at the last space within the line (never inside the part
      // before the description of the first line).
      size_t cut = rest.substr(0, avail + 1).rfind(' ');
      if (cut == llvm::StringRef::npos || (first && cut < indent) || cut == 0)
        cut = rest.find(' ', avail);
      if (cut == llvm::StringRef::npos)
        cut = rest.size();
      if (!first)
        out += std::string(indent, ' ');
      out += rest.substr(0, cut).rtrim(' ').str();
      out += '\n';
      pos = (rest.data() - line.data()) + cut;
      first = false;
      if (line.substr(pos).trim().empty())
        break;
    }
    // A trailing '\n' was added before a final empty remainder: drop it.
    if (!out.empty() && out.back() == '\n')
      out.pop_back();
  }
  return out;
}

std::optional<int> memlint::parseCommandLine(CLI::App &app, int argc,
                                             char **argv) {
  std::set<std::string> longNames = collectLongNames(app);
  std::vector<std::string> args = normalizeDashes(argc, argv, longNames);
  std::vector<char *> argPtrs;
  for (std::string &arg : args)
    argPtrs.push_back(arg.data());
  try {
    app.parse(int(argPtrs.size()), argPtrs.data());
  } catch (const CLI::ExtrasError &e) {
    return usageError(std::string(e.what()) + suggestFlag(args, longNames));
  } catch (const CLI::CallForHelp &) {
    std::cout << wrapHelp(app.help()) << std::flush;
    return 0;
  } catch (const CLI::CallForVersion &e) {
    std::cout << e.what() << "\n";
    return 0;
  } catch (const CLI::ParseError &e) {
    return usageError(e.what());
  }
  // A mistyped subcommand reads as a missing input of the main command.
  if (app.get_subcommands().empty())
    if (auto typo = findMistypedSubcommand(app, collectSubcommands(app)))
      return usageError("'" + typo->first +
                        "' is neither a file nor a subcommand; did you mean '" +
                        typo->second + "'?");
  return std::nullopt;
}

std::vector<std::string> memlint::givenOptions(const CLI::App &app) {
  std::vector<std::string> given;
  for (const CLI::Option *option :
       app.get_options([](const CLI::Option *) { return true; })) {
    if (option->count() == 0 || option == app.get_help_ptr())
      continue;
    if (!option->get_lnames().empty())
      given.push_back("--" + option->get_lnames().front());
    else if (!option->get_snames().empty())
      given.push_back("-" + option->get_snames().front());
    else
      given.push_back(option->get_name());
  }
  return given;
}
