// Scripted mode's one command table (`prefixlab --script FILE`, docs/gui-script.md): every command is a
// row {name, usage, help, typed arguments or a settings reader, checks, handler}, added by the window's
// own commands (script/window_commands.cpp) and by each feature (Feature::add_commands). The reader
// checks a script against the table before any window opens, the runner calls the rows' handlers, and
// `prefixlab --script-help` and docs/gui-script.md are the table printed.
#pragma once

#include <any>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace prefixlab {

struct GuiHost;
struct KeyPress;

enum class ArgKind { whole, number, name, path };

// One argument a command takes, checked when the script is read.
struct ArgSpec {
    std::string label; // in messages: "wait FRAMES '-1': …"
    ArgKind kind = ArgKind::path;
    double min = 0, max = 0;        // whole, number
    std::vector<std::string> names; // name: the names taken; whole: words taken instead of a number
    std::string suffix;             // path: the ending it needs
    bool optional = false;          // only the last arguments may be optional
};

ArgSpec whole_arg(std::string label, double min, double max, std::vector<std::string> words = {});
ArgSpec number_arg(std::string label, double min, double max);
ArgSpec name_arg(std::string label, std::vector<std::string> names);
ArgSpec path_arg(std::string label, std::string suffix = "");
ArgSpec optional_arg(ArgSpec arg);

// One argument as read: the runner only uses values read and checked here, so running a command
// cannot fail on its value.
struct ScriptArg {
    std::string text;                  // as written: a path, a tab title
    std::uint64_t whole = 0;           // a whole number (frames, pixels, a step)
    double number = 0;                 // a number (a scale, a fraction)
    std::optional<std::size_t> choice; // a name: its index among the names the command takes
};

struct ScriptCommandDef;

// A command of a script, read and checked.
struct ScriptCommand {
    std::string name;
    std::vector<ScriptArg> args; // as many as the command takes, optional ones only when given
    std::any settings;           // what the row's read_settings made of key=value words
    std::string where;           // "FILE:LINE", for messages at run time
    const ScriptCommandDef* def = nullptr;
};

// What the running GUI will hold when each command runs, as far as the script alone decides it, so that
// a combination that can only fail (N above the kernel's limit, block-n not among the sizes) is refused
// when the script is read rather than after the window opened. Each feature keeps its own value under
// its own key, of a type whose default value means "unknown": after a command that takes the values
// from elsewhere (a file's settings, a click) they are known again only once a command sets them.
class ScriptExpectations {
public:
    // The window opens on a trace file or on stored settings: the capture settings are unknown.
    bool starts_on_file = false;

    // The value kept under `key`: `initial` the first time, or T{} (unknown) after forget_all().
    template <class T>
    T& value(const std::string& key, const T& initial) {
        auto [at, added] = values_.try_emplace(key, all_forgotten_ ? T{} : initial);
        return *std::any_cast<T>(&at->second);
    }
    template <class T>
    void forget(const std::string& key) {
        values_[key] = T{};
    }
    void forget_all() {
        values_.clear();
        all_forgotten_ = true;
    }

private:
    std::map<std::string, std::any> values_;
    bool all_forgotten_ = false;
};

// What a command's handler can ask of the runner while it runs.
class ScriptRun {
public:
    virtual ~ScriptRun() = default;
    virtual GuiHost& host() = 0;
    // The script goes on after this many frames.
    virtual void wait_frames(int frames) = 0;
    // The script waits, frame by frame, while `still_waiting` returns true; a message it leaves in
    // `failure` then fails the script. Background work (a capture, a timing run, an export) is waited
    // for this way.
    virtual void wait_while(std::function<bool(std::string& failure)> still_waiting) = 0;
    // Fails the script now: it quits with exit code 1 and this line.
    virtual void fail(std::string message) = 0;
    virtual void quit() = 0;
    // The window's own services: a screenshot of the frame after next, the layout check of a frame, the
    // frame times of the next `count` frames, a key press handled as the window's.
    virtual void screenshot(std::string path) = 0;
    virtual void check_layout(std::string where) = 0;
    virtual void measure_frames(int count, std::string path) = 0;
    virtual void press(const KeyPress& key) = 0;
    virtual void report_reading() = 0;
};

using ScriptHandler = std::function<void(ScriptRun& run, const ScriptCommand& command)>;

struct ScriptCommandDef {
    std::string name = {};
    std::string usage = {}; // "wait FRAMES"
    std::string help = {};  // one sentence: --script-help and docs/gui-script.md
    std::vector<ArgSpec> args = {};
    // Instead of `args`: any number of key=value words, read into ScriptCommand::settings (throws
    // ScriptValueError naming the setting).
    std::function<std::any(const std::vector<std::string>& words)> read_settings = {};
    // After reading: checks the command against what earlier commands set, and notes what it sets.
    std::function<void(const ScriptCommand&, ScriptExpectations&)> check = {};
    // Why this build cannot run it ("" when it can): plot export without Cairo, GIF export without giflib.
    std::function<std::string()> unavailable = {};
    ScriptHandler run = {};
};

// The rows in the order they were added (the help's order); a name is added once.
class ScriptTable {
public:
    void add(ScriptCommandDef def); // throws std::logic_error for a name added twice or a row without a handler
    const ScriptCommandDef* find(std::string_view name) const;
    const std::vector<ScriptCommandDef>& rows() const { return rows_; }

private:
    std::vector<ScriptCommandDef> rows_;
};

// The table as text, `prefixlab --script-help`: each command's usage, then its help indented; with
// `markdown`, the command table of docs/gui-script.md (a test keeps the two equal).
std::string script_help(const ScriptTable& table, bool markdown);

} // namespace prefixlab
