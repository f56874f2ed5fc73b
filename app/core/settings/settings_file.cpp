#include "core/settings/settings_file.hpp"

#include "core/util/atomic_file.hpp"
#include "core/util/input_limits.hpp"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <sys/stat.h>

namespace prefixlab {

namespace fs = std::filesystem;

namespace {

bool usable(const char* value) { return value != nullptr && value[0] != '\0'; }

// Whether anything (a file, a dangling link, a FIFO) is at `path`, without following a link.
bool something_at(const std::string& path) {
    struct stat info {};
    return ::lstat(path.c_str(), &info) == 0;
}

} // namespace

SettingsEnvironment process_environment() {
    return {std::getenv("PREFIXLAB_CONFIG_DIR"), std::getenv("XDG_CONFIG_HOME"), std::getenv("HOME")};
}

std::optional<std::string> settings_file_path(const SettingsEnvironment& env, bool scripted) {
    fs::path folder;
    if (usable(env.prefixlab_config_dir))
        folder = env.prefixlab_config_dir;
    else if (scripted)
        return std::nullopt;
    else if (usable(env.xdg_config_home) && env.xdg_config_home[0] == '/')
        folder = fs::path(env.xdg_config_home) / "prefixlab";
    else if (usable(env.home))
        folder = fs::path(env.home) / ".config" / "prefixlab";
    else
        return std::nullopt;
    return (folder / kSettingsFileName).string();
}

LoadedSettings load_settings_file(const std::string& path) {
    LoadedSettings loaded;
    if (!something_at(path))
        return loaded; // the first run: the defaults, nothing to say
    // stat() follows a link: a link to a regular file is read (though never written through); anything
    // else, a dangling link or a loop included, is refused and left alone (settings_file.hpp says why).
    struct stat info {};
    if (::stat(path.c_str(), &info) != 0 || !S_ISREG(info.st_mode)) {
        loaded.refused = true;
        loaded.warning = "settings '" + quoted_path(path) + "' is " + what_is_at(path) +
                         ", not a regular file: left as it is, and nothing is saved this session; using the "
                         "default settings";
        return loaded;
    }
    try {
        loaded.settings = settings_from_json_text(read_bounded_file(path, kMaxSettingsFileBytes, "settings"));
        drop_missing_recent(loaded.settings.recent);
    } catch (const InputLimitError& e) {
        loaded.unreadable = true;
        loaded.warning = std::string(e.what()) + "; using the default settings";
    } catch (const SettingsFormatError& e) {
        loaded.unreadable = true;
        loaded.warning = "malformed settings '" + quoted_path(path) + "': " + e.what() + "; using the default settings";
    }
    return loaded;
}

void save_settings_file(const std::string& path, const Settings& settings, bool set_aside_unreadable) {
    const fs::path target(path);
    std::error_code error;
    fs::create_directories(target.parent_path(), error);
    if (error)
        throw FileError("cannot write '" + quoted_path(path) + "': cannot create its folder: " + error.message());
    // The policy's check first: a link, a directory, a FIFO or a device at `path` is refused here, before
    // anything is moved aside, so only a regular file ever becomes settings.json.bad.
    require_writable(path);
    if (set_aside_unreadable && something_at(path)) {
        require_writable(path + ".bad"); // the output policy: a .bad that is a link or a FIFO is refused
        if (std::rename(path.c_str(), (path + ".bad").c_str()) != 0)
            throw FileError("cannot move '" + quoted_path(path) + "' aside to .bad: " + std::strerror(errno));
    }
    const std::string text = settings_to_json_text(settings);
    write_file_atomically(path, [&](std::ostream& out) { out << text; });
}

std::string reset_settings_file(const std::string& path) {
    struct stat info {};
    if (::lstat(path.c_str(), &info) != 0)
        return "settings reset: there were none ('" + quoted_path(path) + "'); starting on the defaults";
    if (S_ISDIR(info.st_mode))
        return "settings reset: '" + quoted_path(path) + "' is a directory, left alone; starting on the defaults";
    if (std::remove(path.c_str()) != 0)
        return "settings reset: cannot remove '" + quoted_path(path) + "' (" + std::strerror(errno) +
               "); starting on the defaults";
    return "settings reset: removed '" + quoted_path(path) + "'; starting on the defaults";
}

} // namespace prefixlab
