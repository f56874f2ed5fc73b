#include "core/files/directory_listing.hpp"

#include "core/util/printable.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <filesystem>

namespace prefixlab {

namespace fs = std::filesystem;

namespace {

std::string lower(std::string text) {
    std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
    return text;
}

bool ends_with(const std::string& name, std::string_view extension) {
    return name.size() > extension.size() && lower(name.substr(name.size() - extension.size())) == extension;
}

bool before(const DirectoryEntry& a, const DirectoryEntry& b) {
    if (a.folder != b.folder)
        return a.folder;
    const std::string la = lower(a.name), lb = lower(b.name);
    return la != lb ? la < lb : a.name < b.name;
}

} // namespace

DirectoryListing list_directory(const std::string& folder, std::string_view extension) {
    DirectoryListing listing;
    listing.folder = fs::path(folder).lexically_normal().string();
    if (listing.folder.size() > 1 && listing.folder.back() == '/')
        listing.folder.pop_back();
    std::error_code error;
    fs::directory_iterator it(listing.folder, fs::directory_options::skip_permission_denied, error);
    if (error) {
        listing.error = "cannot list '" + printable_path(listing.folder) + "': " + error.message();
        return listing;
    }
    for (const fs::directory_iterator end; it != end; it.increment(error)) {
        if (error)
            break;
        const std::string name = it->path().filename().string();
        if (name.empty() || name.front() == '.')
            continue;
        std::error_code entry_error;
        DirectoryEntry entry{name, it->is_directory(entry_error), 0};
        if (!entry.folder) {
            if (!it->is_regular_file(entry_error) || (!extension.empty() && !ends_with(name, extension)))
                continue; // FIFOs, devices, sockets and broken links are nothing to open
            entry.bytes = it->file_size(entry_error);
        }
        if (listing.entries.size() == kMaxListedEntries) {
            listing.truncated = true;
            break;
        }
        listing.entries.push_back(std::move(entry));
    }
    std::sort(listing.entries.begin(), listing.entries.end(), before);
    return listing;
}

std::string parent_folder(const std::string& folder) {
    const fs::path path = fs::path(folder).lexically_normal();
    const fs::path parent = path.has_relative_path() && path.filename().empty() ? path.parent_path().parent_path()
                                                                                 : path.parent_path();
    return parent.empty() ? "/" : parent.string();
}

std::string resolve_in_folder(const std::string& folder, const std::string& name) {
    fs::path path;
    if (!name.empty() && name.front() == '/') {
        path = name;
    } else if ((name == "~" || name.rfind("~/", 0) == 0) && std::getenv("HOME")) {
        path = fs::path(std::getenv("HOME")) / (name.size() > 2 ? name.substr(2) : "");
    } else {
        path = fs::path(folder) / name;
    }
    std::string text = path.lexically_normal().string();
    if (text.size() > 1 && text.back() == '/')
        text.pop_back();
    return text;
}

std::string with_json_extension(const std::string& path) {
    return fs::path(path).has_extension() ? path : path + ".json";
}

std::string size_text(std::uintmax_t bytes) {
    char text[32];
    if (bytes < 1000)
        std::snprintf(text, sizeof text, "%ju B", bytes);
    else if (bytes < 1000 * 1000)
        std::snprintf(text, sizeof text, "%.0f KB", bytes / 1e3);
    else
        std::snprintf(text, sizeof text, "%.1f MB", bytes / 1e6);
    return text;
}

} // namespace prefixlab
