// Shared by the SVG tests: a small XML well-formedness checker (no XML library is a dependency of
// the project) and the contents of an SVG's <text> elements, unescaped.
//
// The checker covers what a writer of SVG can get wrong: valid UTF-8, tags balanced and properly
// nested under one root, attribute values quoted and unique per element, no raw '<' in text or
// values, every '&' starting a known entity or a character reference. It does not check DTDs (it
// refuses <!DOCTYPE>), CDATA sections or names beyond ASCII, none of which the SVG export writes.
#pragma once

#include <cctype>
#include <cstddef>
#include <cstdint>
#include <set>
#include <string>
#include <vector>

namespace prefixlab::test {

// The length of the valid UTF-8 sequence at s[i], 0 where there is none (overlong forms, surrogates
// and code points above U+10FFFF included).
inline std::size_t utf8_sequence_length(const std::string& s, std::size_t i) {
    const auto b = [&](std::size_t k) { return std::uint8_t(s[k]); };
    const std::uint8_t lead = b(i);
    if (lead < 0x80)
        return 1;
    std::size_t length = lead >= 0xc2 && lead <= 0xdf   ? 2
                         : lead >= 0xe0 && lead <= 0xef ? 3
                         : lead >= 0xf0 && lead <= 0xf4 ? 4
                                                        : 0;
    if (length == 0 || i + length > s.size())
        return 0;
    for (std::size_t k = 1; k < length; ++k)
        if ((b(i + k) & 0xc0) != 0x80)
            return 0;
    const std::uint8_t second = b(i + 1);
    if ((lead == 0xe0 && second < 0xa0) || (lead == 0xed && second > 0x9f) ||
        (lead == 0xf0 && second < 0x90) || (lead == 0xf4 && second > 0x8f))
        return 0;
    return length;
}

class XmlChecker {
public:
    // "" when `xml` is well-formed (to the extent above), else the first problem and where.
    static std::string problem(const std::string& xml) {
        XmlChecker checker(xml);
        return checker.check();
    }

private:
    explicit XmlChecker(const std::string& xml) : xml_(xml) {}

    std::string check() {
        for (std::size_t i = 0; i < xml_.size();) {
            const std::size_t length = utf8_sequence_length(xml_, i);
            if (length == 0)
                return at(i, "invalid UTF-8");
            const std::uint8_t byte = std::uint8_t(xml_[i]);
            if (byte < 0x20 && byte != '\t' && byte != '\n' && byte != '\r')
                return at(i, "a control character");
            i += length;
        }
        while (pos_ < xml_.size()) {
            const std::string problem = xml_[pos_] == '<' ? markup() : text();
            if (!problem.empty())
                return problem;
        }
        if (!open_.empty())
            return "<" + open_.back() + "> is never closed";
        if (roots_ != 1)
            return std::to_string(roots_) + " root elements";
        return "";
    }

    std::string at(std::size_t where, const std::string& what) const {
        return what + " at byte " + std::to_string(where);
    }

    static bool name_char(char c, bool first) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == ':' ||
               (!first && ((c >= '0' && c <= '9') || c == '-' || c == '.'));
    }
    static bool space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

    std::string name() {
        const std::size_t start = pos_;
        while (pos_ < xml_.size() && name_char(xml_[pos_], pos_ == start))
            ++pos_;
        return xml_.substr(start, pos_ - start);
    }
    void skip_space() {
        while (pos_ < xml_.size() && space(xml_[pos_]))
            ++pos_;
    }

    // An '&' at xml_[i] must start &amp; &lt; &gt; &quot; &apos; &#N; or &#xN;. Returns its length, 0 if not.
    std::size_t reference_length(std::size_t i) const {
        for (const char* entity : {"&amp;", "&lt;", "&gt;", "&quot;", "&apos;"})
            if (xml_.compare(i, std::string(entity).size(), entity) == 0)
                return std::string(entity).size();
        if (xml_.compare(i, 2, "&#") != 0)
            return 0;
        std::size_t k = i + 2;
        const bool hex = k < xml_.size() && xml_[k] == 'x';
        k += hex;
        const std::size_t digits = k;
        while (k < xml_.size() &&
               (std::isdigit(std::uint8_t(xml_[k])) || (hex && std::isxdigit(std::uint8_t(xml_[k])))))
            ++k;
        return k > digits && k < xml_.size() && xml_[k] == ';' ? k + 1 - i : 0;
    }

    // Character data between tags, up to the next '<'.
    std::string text() {
        const std::size_t start = pos_;
        for (; pos_ < xml_.size() && xml_[pos_] != '<'; ++pos_) {
            if (xml_[pos_] == '&') {
                const std::size_t length = reference_length(pos_);
                if (length == 0)
                    return at(pos_, "an '&' that starts no entity");
                pos_ += length - 1;
            } else if (open_.empty() && !space(xml_[pos_])) {
                return at(pos_, "text outside the root element");
            }
        }
        if (const std::size_t end = xml_.substr(start, pos_ - start).find("]]>"); end != std::string::npos)
            return at(start + end, "']]>' in text");
        return "";
    }

    std::string markup() {
        if (xml_.compare(pos_, 4, "<!--") == 0)
            return skip_past("-->", "an unclosed comment");
        if (xml_.compare(pos_, 2, "<?") == 0)
            return skip_past("?>", "an unclosed processing instruction");
        if (xml_.compare(pos_, 2, "<!") == 0)
            return at(pos_, "a declaration this checker does not read");
        if (xml_.compare(pos_, 2, "</") == 0)
            return end_tag();
        return start_tag();
    }

    std::string skip_past(const std::string& end, const std::string& problem) {
        const std::size_t found = xml_.find(end, pos_);
        if (found == std::string::npos)
            return at(pos_, problem);
        pos_ = found + end.size();
        return "";
    }

    std::string end_tag() {
        const std::size_t start = pos_;
        pos_ += 2;
        const std::string tag = name();
        skip_space();
        if (pos_ >= xml_.size() || xml_[pos_] != '>')
            return at(start, "a malformed end tag");
        ++pos_;
        if (open_.empty() || open_.back() != tag)
            return at(start,
                      "</" + tag + "> closes " + (open_.empty() ? "nothing" : "<" + open_.back() + ">"));
        open_.pop_back();
        return "";
    }

    std::string start_tag() {
        const std::size_t start = pos_;
        ++pos_;
        const std::string tag = name();
        if (tag.empty())
            return at(start, "a '<' that starts no tag");
        if (open_.empty() && ++roots_ > 1)
            return at(start, "a second root element");
        std::set<std::string> attributes;
        while (true) {
            const std::size_t before_space = pos_;
            skip_space();
            if (pos_ >= xml_.size())
                return at(start, "an unclosed tag");
            if (xml_.compare(pos_, 2, "/>") == 0) {
                pos_ += 2;
                return "";
            }
            if (xml_[pos_] == '>') {
                ++pos_;
                open_.push_back(tag);
                return "";
            }
            if (pos_ == before_space)
                return at(pos_, "attributes not separated by space");
            const std::string attribute = name();
            if (attribute.empty() || !attributes.insert(attribute).second)
                return at(pos_, "a missing or repeated attribute name in <" + tag + ">");
            skip_space();
            if (pos_ >= xml_.size() || xml_[pos_] != '=')
                return at(pos_, "an attribute without '='");
            ++pos_;
            skip_space();
            if (pos_ >= xml_.size() || (xml_[pos_] != '"' && xml_[pos_] != '\''))
                return at(pos_, "an unquoted attribute value");
            const char quote = xml_[pos_++];
            for (; pos_ < xml_.size() && xml_[pos_] != quote; ++pos_) {
                if (xml_[pos_] == '<')
                    return at(pos_, "a raw '<' in an attribute value");
                if (xml_[pos_] == '&') {
                    const std::size_t length = reference_length(pos_);
                    if (length == 0)
                        return at(pos_, "an '&' that starts no entity in an attribute value");
                    pos_ += length - 1;
                }
            }
            if (pos_ >= xml_.size())
                return at(start, "an unclosed attribute value");
            ++pos_;
        }
    }

    const std::string& xml_;
    std::size_t pos_ = 0;
    std::vector<std::string> open_;
    int roots_ = 0;
};

// Character data with the five predefined entities and character references replaced (UTF-8).
inline std::string xml_unescaped(const std::string& text) {
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] != '&') {
            out += text[i];
            continue;
        }
        const std::size_t end = text.find(';', i);
        const std::string entity = text.substr(i + 1, end - i - 1);
        if (entity == "amp")
            out += '&';
        else if (entity == "lt")
            out += '<';
        else if (entity == "gt")
            out += '>';
        else if (entity == "quot")
            out += '"';
        else if (entity == "apos")
            out += '\'';
        else
            out += "&" + entity + ";"; // character references: the export writes none
        i = end;
    }
    return out;
}

// The unescaped contents of every <text ...>...</text> in drawing order (the export puts no markup
// inside a <text>).
inline std::vector<std::string> svg_texts(const std::string& svg) {
    std::vector<std::string> texts;
    for (std::size_t at = svg.find("<text"); at != std::string::npos; at = svg.find("<text", at + 1)) {
        if (at + 5 < svg.size() && svg[at + 5] != ' ' && svg[at + 5] != '>')
            continue; // <textPath> and the like
        const std::size_t open_end = svg.find('>', at);
        const std::size_t close = svg.find("</text>", open_end);
        if (open_end == std::string::npos || close == std::string::npos)
            break;
        texts.push_back(xml_unescaped(svg.substr(open_end + 1, close - open_end - 1)));
    }
    return texts;
}

} // namespace prefixlab::test
